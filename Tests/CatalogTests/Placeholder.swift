import Testing

@Test func catalogPlaceholder() {}
