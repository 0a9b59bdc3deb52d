import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { applyTheme, readStoredTheme } from './lib/theme'
import './index.css'

// index.html already set the class; this also starts following the system theme when it is 'system'.
applyTheme(readStoredTheme())

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
