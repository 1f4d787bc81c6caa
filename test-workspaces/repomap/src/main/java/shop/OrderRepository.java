package shop;

import java.util.Optional;

/** Where orders are kept. */
public interface OrderRepository {

    Optional<Order> findOrder(String id);

    void saveOrder(Order order);
}
