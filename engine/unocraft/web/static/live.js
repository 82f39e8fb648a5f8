// Keeps the element marked data-stream up to date from the server's events (server-sent events),
// rendered by the server in the page's language: `update` is the element's new HTML; `rows` are
// the list's rows that changed, each replacing its old self or inserted in table-number order (an
// empty one marked data-gone: that table left); `gone` is the last word of a table that ended.
// A stream the server refused (an engine restarting) is opened again.
'use strict'
document.addEventListener('DOMContentLoaded', () => {
  const live = document.querySelector('[data-stream]')
  const status = document.querySelector('.status')
  if (!live || !window.EventSource) return
  const say = (state) => { if (status) { status.textContent = status.dataset[state] || ''; status.className = 'status ' + state } }
  const rows = (html) => {
    const list = live.querySelector('ul.tables')
    const got = document.createElement('template')
    got.innerHTML = html
    for (const row of Array.from(got.content.children)) {
      const old = document.getElementById(row.id)
      if (row.hasAttribute('data-gone')) { if (old) old.remove() } else if (old) old.replaceWith(row)
      else list.insertBefore(row, Array.from(list.children).find(r => +r.dataset.n > +row.dataset.n) || null)
    }
    list.hidden = !list.children.length
    live.querySelector('.empty').hidden = !list.hidden
  }
  const connect = () => {
    const source = new EventSource(live.dataset.stream)
    source.addEventListener('open', () => say('live'))
    source.addEventListener('error', () => {
      say('offline')
      if (source.readyState === EventSource.CLOSED) setTimeout(connect, 2000)
    })
    source.addEventListener('update', (e) => { live.innerHTML = e.data; say('live') })
    source.addEventListener('rows', (e) => { rows(e.data); say('live') })
    source.addEventListener('gone', (e) => { source.close(); live.innerHTML = e.data; say('ended') })
  }
  connect()
})
