// The OAuth pages people see: the consent page and the page that says a connection cannot go on.

import type { ConsentDescription } from "@cloudflare/workers-oauth-provider";

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * An HTML answer that no cache keeps.
 *
 * @example
 * return htmlPage(errorPage("This app could not be verified."), 400);
 */
export const htmlPage = (body: string, status: number, headers = new Headers()) => {
  headers.set("content-type", "text/html; charset=utf-8");
  headers.set("cache-control", "no-store");
  return new Response(body, { status, headers });
};

const STYLE =
  "body{font:15px system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#222}" +
  "input{width:100%;padding:.5rem;font:inherit;box-sizing:border-box}button{padding:.5rem 1rem;font:inherit}" +
  ".warn{background:#fff4e5;padding:.5rem .75rem;border-radius:6px}.error{color:#b00020}" +
  "button{border:1px solid #bbb;border-radius:6px;background:#fff;cursor:pointer}" +
  "button[value=approve]{background:#1a66d2;border-color:#1a66d2;color:#fff}";

/**
 * The consent page: names the app and where its access goes (all of it as the server stored it
 * for the client, never as a form posted it), and asks for an API key.
 *
 * @example
 * htmlPage(consentPage(await oauth.describeConsent(authRequest), consent.handle, ""), 200);
 */
export function consentPage(details: ConsentDescription, handle: string, error: string): string {
  const name = escapeHtml(details.clientName);
  const publisher = details.clientDomain
    ? `Published by <strong>${escapeHtml(details.clientDomain)}</strong>.`
    : "This app registered itself; its name is not verified.";
  const where = `<p>${publisher} Access goes to <strong>${escapeHtml(details.redirectHost)}</strong>.</p>`;
  const local = details.redirectIsLoopback
    ? '<p class="warn">This sends access to an app on your computer. Continue only if you just started connecting from it.</p>'
    : "";
  return `<!doctype html><html lang="en"><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Connect ${name} to Drawforge</title><style>${STYLE}</style>
<h1>Connect ${name} to Drawforge?</h1>
${where}${local}
<p>It will be able to create, read, edit and export the diagrams of the API key you enter, as you could with the key.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ""}
<form method="post">
<input type="hidden" name="handle" value="${escapeHtml(handle)}">
<p><label for="api_key">Your Drawforge API key</label><br>
<input id="api_key" name="api_key" type="password" autocomplete="off" autofocus></p>
<p><button name="decision" value="approve">Connect</button>
<button name="decision" value="deny" formnovalidate>Cancel</button></p>
</form></html>`;
}

/**
 * The page for a connection that cannot go on, saying why.
 *
 * @example
 * htmlPage(errorPage("This app could not be verified."), 400);
 */
export function errorPage(message: string): string {
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>Drawforge: cannot connect</title>
<style>${STYLE}</style><h1>This connection cannot go on</h1><p>${escapeHtml(message)}</p>
<p>Start connecting again from your app.</p></html>`;
}
