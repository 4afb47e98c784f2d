/**
 * XSS vectors (OWASP's cheat sheet families) that every HTML shown "as is" must survive: the sanitizer's own test
 * (platform/sanitize.test.ts) and the help articles saved through the console (modules/help/help.test.ts) use them.
 */
export const XSS_VECTORS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//x.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<img src="data:image/svg+xml;base64,PHN2Zz48c2NyaXB0PmFsZXJ0KDEpPC9zY3JpcHQ+PC9zdmc+">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="  JaVaScRiPt:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<body onload=alert(1)>',
  '<svg onload=alert(1)><circle r=1 /></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<p style="position:fixed;top:0;left:0;width:100%;height:100%">cover</p>',
  '<style>body{display:none}</style>',
  '<link rel=stylesheet href=//x.example/x.css>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<p class="ant-modal-mask">x</p>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<a href="//evil.example">x</a>',
  '<img src="http://tracker.example/x.png">',
  // Further families: handlers on allowed tags, entity-encoded schemes, nesting, other URL attributes.
  '<a href="https://ok.example" onmouseover="alert(1)">x</a>',
  '<img src="https://ok.example/x.png" onload="alert(1)">',
  '<a href="JaVaScRiPt&#58;alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<svg/onload=alert(1)>',
  '<img srcset="javascript:alert(1)">',
  '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
  '<div style="width: expression(alert(1))">x</div>',
  '"><script>alert(1)</script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<template><script>alert(1)</script></template>',
  '<video><source onerror=alert(1)></video>',
  '<form><button formaction=javascript:alert(1)>x</button></form>',
  '<a href="#" onclick="alert(1)">x</a>',
  '<span data-x="1" aria-label="x" id="app">x</span>',
];

/** What must never be left in sanitized HTML: anything that runs, restyles the page or loads from elsewhere. */
export const XSS_RUNS =
  /<script|<svg|<math|<iframe|<object|<embed|<form|<input|<style|<link|<meta|<base|<video|<source|<template|\son\w+=|javascript:|vbscript:|data:|style=|class=|srcset=|background=|formaction=|\sid=|\sdata-\w+=|\saria-|\/\/evil|http:\/\//i;
