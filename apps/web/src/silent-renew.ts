import { UserManager, WebStorageStateStore } from 'oidc-client-ts';

// The silent-renew iframe and the sign-in popup both land here. signinCallback() reads the pending
// request from local storage (where the app's UserManager keeps it) and hands the response back to
// the opener. The constructor requires these settings, but the callback does not use them.
void new UserManager({
  authority: window.location.origin,
  client_id: 'callback',
  redirect_uri: window.location.href,
  stateStore: new WebStorageStateStore({ store: window.localStorage }),
}).signinCallback();
