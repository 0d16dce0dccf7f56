export { OperatorMoney } from './components/operator-money'
