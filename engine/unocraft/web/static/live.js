// Keeps the element marked data-stream up to date from the server's events (server-sent events):
// each event carries the element's new HTML, rendered by the server in the page's language.
'use strict'
document.addEventListener('DOMContentLoaded', () => {
  const live = document.querySelector('[data-stream]')
  const status = document.querySelector('.status')
  if (!live || !window.EventSource) return
  const say = (state) => { if (status) { status.textContent = status.dataset[state]; status.className = 'status ' + state } }
  const source = new EventSource(live.dataset.stream)
  source.addEventListener('open', () => say('live'))
  source.addEventListener('error', () => { if (source.readyState !== EventSource.CLOSED) say('offline') })
  source.addEventListener('update', (e) => { live.innerHTML = e.data; say('live') })
  source.addEventListener('gone', (e) => { live.innerHTML = e.data; source.close(); if (status) status.textContent = '' })
})
