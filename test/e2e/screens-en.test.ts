import { checkScreensIn } from './support/screens';

checkScreensIn('en');
