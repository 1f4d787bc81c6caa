package shop;

import java.math.BigDecimal;

/** How much an order costs a customer after discounts. */
public final class PricingPolicy {

    private static final BigDecimal LOYALTY_FACTOR = new BigDecimal("0.95");

    public BigDecimal discountFor(Customer customer) {
        return customer.loyal() ? LOYALTY_FACTOR : BigDecimal.ONE;
    }

    public Money priceOf(Order order) {
        return order.total().times(discountFor(order.customer()));
    }
}
