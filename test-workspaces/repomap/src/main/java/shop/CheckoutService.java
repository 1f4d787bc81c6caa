package shop;

/** Checks an order out: prices it and saves it. */
public final class CheckoutService {

    private final OrderRepository orders;
    private final PricingPolicy pricing;

    public CheckoutService(OrderRepository orders, PricingPolicy pricing) {
        this.orders = orders;
        this.pricing = pricing;
    }

    public Money checkout(String orderId) {
        Order order = orders.findOrder(orderId).orElseThrow();
        Money price = pricing.priceOf(order);
        orders.saveOrder(order);
        return price;
    }
}
