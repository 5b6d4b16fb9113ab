export const resourceKeys = {
  all: (path: string) => ['resource', path] as const,
  list: (path: string, params: unknown) => ['resource', path, 'list', params] as const,
  one: (path: string, id: string) => ['resource', path, 'one', id] as const,
};
