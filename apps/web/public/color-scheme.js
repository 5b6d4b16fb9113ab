// Apply the saved colour scheme before first paint (Mantine's localStorage key).
// A file of its own, not inline: the Content-Security-Policy allows no inline script.
try {
  const scheme = localStorage.getItem('mantine-color-scheme-value');
  const dark = scheme === 'dark' || (scheme === 'auto' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
} catch {}
