/** Spec §1: any service worker registered earlier is unregistered at start-up. */
export async function unregisterServiceWorkers(): Promise<void> {
  try {
    const registrations = (await navigator.serviceWorker?.getRegistrations()) ?? [];
    await Promise.all(registrations.map((r) => r.unregister()));
  } catch {
    // not available (insecure context, private mode): nothing to unregister
  }
}
