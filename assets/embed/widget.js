/*
 * A widget page's script: tells the embedding page its height, starts registrations and
 * purchases, sends newsletter requests, swaps the standings table for another season and keeps a leaderboard live. The page
 * reads fully without it.
 */
(function () {
  'use strict';
  var root = document.getElementById('widget');

  function post(message) {
    message.type = 'clubhouse:resize';
    /* Only a height (and whether there is nothing to show) is sent: nothing private. */
    if (window.parent !== window) window.parent.postMessage(message, '*');
  }

  if (!root || root.hasAttribute('data-missing')) {
    post({ height: 0, missing: true });
    return;
  }

  var lastHeight = -1;
  function sendHeight() {
    var height = Math.ceil(document.body.getBoundingClientRect().height);
    if (height === lastHeight) return;
    lastHeight = height;
    post({ height: height });
  }
  new ResizeObserver(sendHeight).observe(document.body);
  window.addEventListener('load', sendHeight);
  sendHeight();

  /* A busy notice (429 or 503) asks for the page again once the server says it may. */
  var retryAfter = Number(root.getAttribute('data-retry-after'));
  if (retryAfter > 0) {
    window.setTimeout(function () {
      window.location.reload();
    }, retryAfter * 1000);
    return;
  }

  function replaceRegion(text) {
    var next = new DOMParser().parseFromString(text, 'text/html');
    var fresh = next.querySelector('[data-region]');
    var current = document.querySelector('[data-region]');
    if (fresh && current) current.replaceWith(document.importNode(fresh, true));
  }

  /* Replaces the live part of the page with the same part of `url`'s page; while the server
     is busy (429 or 503), asks again once it says it may. */
  function swap(url) {
    return fetch(url, { headers: { accept: 'text/html' }, credentials: 'omit' }).then(
      function (response) {
        if (response.status === 429 || response.status === 503) {
          var seconds = Number(response.headers.get('retry-after')) || 5;
          return new Promise(function (resolve) {
            window.setTimeout(resolve, seconds * 1000);
          }).then(function () {
            return swap(url);
          });
        }
        if (!response.ok) throw new Error(String(response.status));
        return response.text().then(replaceRegion);
      },
    );
  }

  /* Season picker: the form works as a plain GET without script; with it, only the table
     changes and the focus stays on the picker. */
  function pickerUrl(form) {
    var params = new URLSearchParams(new FormData(form));
    return form.action.split('?')[0] + '?' + params.toString();
  }
  document.addEventListener('change', function (event) {
    var form = event.target.form;
    if (form && form.hasAttribute('data-picker')) {
      var url = pickerUrl(form);
      swap(url).then(function () {
        history.replaceState(null, '', url);
      });
    }
  });

  /* The newsletter form: posts JSON to the public API; the live region says what happened,
     and once the request is taken the fields give way to "check your inbox". */
  function subscribeFailure(response) {
    if (response.status === 422) {
      return response.json().then(function (body) {
        var errors = (body && body.errors) || {};
        var words = Object.keys(errors).map(function (field) {
          return (field === 'email' ? 'E-mail address' : field) + ' ' + errors[field];
        });
        return 'Please check: ' + (words.join('; ') || 'the form') + '.';
      });
    }
    if (response.status === 429 || response.status === 503) {
      var seconds = Number(response.headers.get('retry-after')) || 30;
      return Promise.resolve('Busy right now. Please try again in ' + seconds + ' seconds.');
    }
    return Promise.resolve('The subscription could not be sent. Please try again.');
  }

  function subscribe(form) {
    var status = form.querySelector('[data-status]');
    var fields = form.querySelector('[data-fields]');
    var button = form.querySelector('button');
    var data = new FormData(form);
    var body = { email: data.get('email'), consent: true, source: 'widget' };
    if (data.get('name')) body.name = data.get('name');
    if (data.get('website')) body.website = data.get('website');
    button.disabled = true;
    status.textContent = '';
    status.classList.remove('sent');
    fetch(form.getAttribute('data-subscribe'), {
      method: 'POST',
      credentials: 'omit',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
      .then(function (response) {
        if (response.ok) {
          fields.hidden = true;
          status.classList.add('sent');
          status.textContent = form.getAttribute('data-sent');
          status.setAttribute('tabindex', '-1');
          status.focus();
          return;
        }
        return subscribeFailure(response).then(function (reason) {
          status.textContent = reason;
          button.disabled = false;
        });
      })
      .catch(function () {
        /* The form itself still works: it posts to the service's page. */
        form.submit();
      });
  }

  document.addEventListener('submit', function (event) {
    var form = event.target;
    if (form.hasAttribute('data-picker')) {
      event.preventDefault();
      swap(pickerUrl(form));
      return;
    }
    if (form.hasAttribute('data-subscribe')) {
      event.preventDefault();
      subscribe(form);
      return;
    }
    var start = form.getAttribute('data-start');
    if (!start) return;
    event.preventDefault();
    var status = form.querySelector('[data-status]');
    var button = form.querySelector('button');
    button.disabled = true;
    status.textContent = '';
    fetch(start, { method: 'POST', credentials: 'omit' })
      .then(function (response) {
        if (response.ok) {
          return response.json().then(function (body) {
            window.top.location.href = body.url;
          });
        }
        return response.text().then(function (reason) {
          status.textContent = response.status === 409 ? reason : form.getAttribute('data-failure');
          button.disabled = false;
        });
      })
      .catch(function () {
        /* The form itself still works: it posts and sends the top window on. */
        form.submit();
      });
  });

  var liveElement = document.querySelector('[data-live]');
  var live = liveElement && liveElement.getAttribute('data-live');
  if (live && window.EventSource) {
    var source = new EventSource(live);
    /* The stream's event name: `leaderboard` unless the widget names another (`odds`). */
    var eventName = liveElement.getAttribute('data-live-event') || 'leaderboard';
    source.addEventListener(eventName, function (event) {
      var region = document.querySelector('[data-region]');
      if (region && region.getAttribute('data-version') === event.lastEventId) return;
      swap(window.location.href).catch(function () {});
    });
  }
})();
