import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { useGame } from '../store/store';
import { App } from './App';
import { installSeam } from './seam';
import './styles.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

installSeam();
useGame.getState().resumeStored();

createRoot(rootElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
