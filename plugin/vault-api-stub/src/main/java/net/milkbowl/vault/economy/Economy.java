// Compile-only stand-in for the VaultAPI type of the same name (com.github.MilkBowl:VaultAPI:1.7,
// src/main/java/net/milkbowl/vault/economy/Economy.java): same package, name and signatures for the
// members the unocraft adapter uses. Never packaged.
package net.milkbowl.vault.economy;

public interface Economy {
    public boolean isEnabled();
    public double getBalance(org.bukkit.OfflinePlayer player);
    public boolean has(org.bukkit.OfflinePlayer player, double amount);
    public EconomyResponse withdrawPlayer(org.bukkit.OfflinePlayer player, double amount);
    public EconomyResponse depositPlayer(org.bukkit.OfflinePlayer player, double amount);
}
