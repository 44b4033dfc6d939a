import { checkScreensIn } from './support/screens';

checkScreensIn('ru');
