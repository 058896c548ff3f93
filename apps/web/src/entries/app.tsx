import { startSpa } from './spa';

// index.html: every screen but the pre-rendered public pages.
startSpa();
