function add(a, b) {
  return a + b;
}

class Cart {
  constructor() {
    this.items = [];
  }

  addItem(item) {
    this.items.push(item);
  }
}

module.exports = { add, Cart };
