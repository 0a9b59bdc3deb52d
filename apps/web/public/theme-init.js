// Applies the stored theme before first paint so a dark-theme user never sees a white flash. A file, not an
// inline script: the Content-Security-Policy allows scripts from Basalt's own files only. The key and logic
// mirror src/lib/theme.ts.
;(function () {
  try {
    var theme = localStorage.getItem('basalt-theme') || 'system'
    var dark = theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches)
    if (dark) document.documentElement.classList.add('dark')
  } catch {
    // No storage (a private window): the light theme until the app starts.
  }
})()
