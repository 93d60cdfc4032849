/*
 * Clubhouse embed loader. A tag such as
 *   <script async src="https://clubhouse.example/embed.js" data-org="my-club" data-widget="schedule"></script>
 * is replaced in the page flow by an iframe right after it, sized to its content.
 * Everything it keeps lives on one global, window.ClubhouseEmbed; it sets no cookies.
 */
(function () {
  'use strict';
  var script = document.currentScript;
  if (!script || !script.src) return;

  /* Frame titles by widget name, filled in from the service's widget registry. */
  var LABELS = {/* labels */};
  /* Read by the loader itself rather than passed on to the widget page. */
  var LOADER_OPTIONS = {
    org: 1,
    widget: 1,
    eventParam: 1,
    postParam: 1,
    playerParam: 1,
    target: 1,
  };

  var ns = (window.ClubhouseEmbed = window.ClubhouseEmbed || { frames: [] });

  if (!ns.onMessage) {
    /* One listener for every widget on the page: a message counts only from one of our
       frames (its window and its origin), never from another frame or the page. */
    ns.onMessage = function (event) {
      var data = event.data;
      if (!data || typeof data !== 'object' || data.type !== 'clubhouse:resize') return;
      ns.frames = ns.frames.filter(function (frame) {
        return frame.iframe.isConnected;
      });
      for (var i = 0; i < ns.frames.length; i += 1) {
        var frame = ns.frames[i];
        if (frame.iframe.contentWindow !== event.source || frame.origin !== event.origin) continue;
        if (data.missing === true) {
          collapse(frame.iframe);
        } else if (typeof data.height === 'number' && isFinite(data.height) && data.height >= 0) {
          frame.iframe.style.height = Math.ceil(data.height) + 'px';
        }
        return;
      }
    };
    window.addEventListener('message', ns.onMessage);
  }

  function collapse(element) {
    element.hidden = true;
    element.style.display = 'none';
    element.setAttribute('data-clubhouse', 'missing');
  }

  var data = script.dataset;
  var widget = data.widget || '';
  var origin = new URL(script.src, document.baseURI).origin;
  var query = new URLSearchParams();
  query.set('org', data.org || '');
  Object.keys(data).forEach(function (name) {
    if (!LOADER_OPTIONS[name]) query.set(name, data[name]);
  });
  var pageQuery = new URLSearchParams(window.location.search);
  if (data.event === 'url') {
    query.set('event', pageQuery.get(data.eventParam || 'event') || '');
  }
  /* A post named by the host page's URL; without one the widget shows the newest post. */
  if (data.post === 'url') {
    var post = pageQuery.get(data.postParam || 'post');
    if (post) query.set('post', post);
    else query.delete('post');
  }
  if (data.player === 'url') {
    query.set('player', pageQuery.get(data.playerParam || 'player') || '');
  }
  /* A root-relative link names a page of the host site, not of the widget's origin. */
  if (data.link && data.link.charAt(0) === '/' && data.link.charAt(1) !== '/') {
    query.set('link', window.location.origin + data.link);
  }

  var iframe = document.createElement('iframe');
  var title = (data.title || '').trim();
  iframe.title = title || LABELS[widget] || 'Clubhouse widget';
  iframe.src = origin + '/embed/' + encodeURIComponent(widget) + '?' + query.toString();
  iframe.loading = 'lazy';
  iframe.width = '100%';
  iframe.style.cssText = 'display:block;width:100%;border:0;height:150px;';
  iframe.setAttribute('data-clubhouse', widget);

  var target = data.target ? document.querySelector(data.target) : null;
  if (target) target.appendChild(iframe);
  else script.insertAdjacentElement('afterend', iframe);

  /* Nothing to show: no org, an unknown widget, or no event or player on the page's URL. */
  if (!data.org || !LABELS[widget] || query.get('event') === '' || query.get('player') === '') {
    collapse(iframe);
    iframe.removeAttribute('src');
    return;
  }
  ns.frames.push({ iframe: iframe, origin: origin });
})();
