/**
 * The one inline script of a pre-rendered public page (decision 021), allowed by its hash in the
 * Content-Security-Policy (`plugins/security.ts`): the same text on every page, whatever the build, so the
 * hash is known at start. It reads what to load from its own `data-` attributes:
 * - `data-modules`: the page's entry module first, then the modules it imports (space-separated URLs);
 * - `data-fetch`: the page language's translation catalogue.
 * Once the page has loaded (its styles are inline, so that is its HTML and its eager pictures) and the
 * browser has reported its first contentful paint, it preloads them all together and imports the entry,
 * which hydrates the page. So the first paint and the largest one never wait for, nor share the network
 * or the main thread with, the script. A hidden tab paints nothing, so hydrates when it is first shown.
 * A click on a button, a label or a box before then starts the script at once and is given again once the
 * page is hydrated (`replayEarlyClicks` in the web app's `use-mark-hydrated.ts`); a label of a text field
 * focuses its field at once. What is typed or autofilled meanwhile (which also starts the script) is
 * handed to the hydrated page as changes of its fields, before the held clicks are given again. The held
 * clicks are the script element's `held` list: the single-page app, which replaces the page rather than
 * hydrating it, reads them (and the fields) first and gives them to its own screen (`lib/keep-typed.ts`).
 */
export const PAGE_BOOT_SCRIPT =
  '(function(){var b=document.currentScript,d=document,w=window,n=2,s=0,c=b.held=[],o;' +
  "function l(r,h,a){var e=d.createElement('link');e.rel=r;e.href=h;e.crossOrigin='';if(a)e.as=a;d.head.appendChild(e)}" +
  // The entry, the catalogue, then the modules the entry imports, each in a task of its own: starting a
  // fetch costs the main thread a little, fourteen at once a lot.
  "function S(){if(s)return;s=1;var m=b.dataset.modules.split(' '),f=b.dataset.fetch,q=[function(){import(m[0])}];" +
  "if(f)q.push(function(){l('preload',f,'fetch')});" +
  "m.slice(1).forEach(function(h){q.push(function(){l('modulepreload',h)})});" +
  'setTimeout(function t(){var j=q.shift();if(j){j();setTimeout(t)}})}' +
  // Started once both have happened: the page has loaded, it has painted.
  'function g(){if(--n===0)S()}' +
  "if(d.readyState==='complete')g();else w.addEventListener('load',g,{once:true});" +
  // The first contentful paint as the browser reports it; where it does not, a frame after the load.
  'var P=w.PerformanceObserver;' +
  "if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0){" +
  "o=new P(function(x){if(x.getEntriesByName('first-contentful-paint').length){o.disconnect();g()}});" +
  "o.observe({type:'paint',buffered:true})}" +
  "else if(d.readyState==='complete')w.requestAnimationFrame(g);else w.addEventListener('load',function(){w.requestAnimationFrame(g)},{once:true});" +
  // A click on a control before the page is hydrated (links work without script): held, the script
  // started at once, and the click given again by `replay()`, which the hydrated page calls. A label of a
  // text field is let through: it puts the cursor in the field, where what is typed is kept.
  "d.addEventListener('click',function(e){if(d.documentElement.hasAttribute('data-hydrated'))return;" +
  "var t=e.target,k=t&&t.closest&&t.closest('button,label,[role=button],input[type=checkbox],input[type=radio],input[type=submit]');" +
  'if(!k||k.control&&!/^(checkbox|radio)$/.test(k.control.type))return;' +
  'e.preventDefault();e.stopPropagation();if(c.indexOf(k)<0)c.push(k);S()},true);' +
  // Someone typing is waiting for the script too.
  "d.addEventListener('input',S,true);" +
  // Called by the hydrated page. What was typed or autofilled before is in the fields but not in the page's
  // state: hydration keeps a field's text and notes it as what React rendered, so the next render would
  // empty it and a submit would send the state. Each field changed since the server wrote it
  // (`defaultValue`) is handed to React as a change: its value set back through React's tracker, the
  // text put again past it, an `input` event. Then, in a task of their own (once those changes have
  // rendered), the held clicks are given again: a Send pressed early sends what was typed.
  // All the texts are read first: a change handed over may render the form at once (outside React's own
  // effects, as in the single-page app), writing its state back into the fields not yet handed over.
  'b.replay=function(){var F=[];' +
  "d.querySelectorAll('input:not([type=file]),textarea').forEach(function(f){if(f.value!==f.defaultValue)F.push([f,f.value])});" +
  "F.forEach(function(x){var f=x[0];f.value=f.defaultValue;Object.getOwnPropertyDescriptor(Object.getPrototypeOf(f),'value').set.call(f,x[1]);" +
  "f.dispatchEvent(new Event('input',{bubbles:true}))});" +
  'setTimeout(function(){c.splice(0).forEach(function(k){if(k.isConnected)k.click()})})}' +
  '})()';

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The boot script's element: `modules` begins with the entry; `fetch` is preloaded beside them. */
export function pageBootElement(modules: readonly string[], fetch?: string): string {
  const data = [
    `data-modules="${escapeAttribute(modules.join(' '))}"`,
    ...(fetch === undefined ? [] : [`data-fetch="${escapeAttribute(fetch)}"`]),
  ];
  return `<script id="eclat-boot" ${data.join(' ')}>${PAGE_BOOT_SCRIPT}</script>`;
}
