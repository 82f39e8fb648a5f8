// Compile-only stand-in for the VaultAPI type of the same name (com.github.MilkBowl:VaultAPI:1.7,
// src/main/java/net/milkbowl/vault/economy/EconomyResponse.java): same package, name and signatures for
// the members the unocraft adapter uses. Never packaged.
package net.milkbowl.vault.economy;

public class EconomyResponse {
    public static enum ResponseType {
        SUCCESS, FAILURE, NOT_IMPLEMENTED;
    }

    public final double amount;
    public final double balance;
    public final ResponseType type;
    public final String errorMessage;

    public EconomyResponse(double amount, double balance, ResponseType type, String errorMessage) { throw new UnsupportedOperationException(); }
    public boolean transactionSuccess() { throw new UnsupportedOperationException(); }
}
