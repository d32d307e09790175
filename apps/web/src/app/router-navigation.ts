/**
 * Lets code outside React (the API client's 403 rule) navigate through the router once it exists;
 * before that, a full-page replace does the same job.
 */
type Navigate = (to: string, options: { replace: boolean }) => void;

let navigate: Navigate = (to) => window.location.replace(to);

export function setRouterNavigate(next: Navigate): void {
  navigate = next;
}

export function replaceRoute(to: string): void {
  navigate(to, { replace: true });
}
