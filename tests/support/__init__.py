"""What the tests share: helpers, brute forces, a toy system, data (tests/README.md)."""
