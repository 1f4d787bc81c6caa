package shop;

/** Someone who buys; loyal customers get a discount. */
public record Customer(String id, String name, boolean loyal) {
}
