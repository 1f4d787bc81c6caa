// The shop's cart in the browser.
export class CartView {
  constructor(element) {
    this.element = element;
  }

  renderCartTotal(total) {
    this.element.textContent = formatCurrency(total);
  }
}

export function formatCurrency(amount) {
  return amount.toFixed(2) + " EUR";
}
