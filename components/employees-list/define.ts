import '../provider/define.js';
import { PayrailEmployeesList } from './employees-list.js';

PayrailEmployeesList.define();
export { PayrailEmployeesList };
