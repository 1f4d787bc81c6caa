// ... existing code ...
    public List<String> greetAll(List<String> names) {
        return names.stream().map(this::greet).toList();
    }

    public String farewell(String name) {
        return "Goodbye, " + name + "!";
    }
}
