package dev.unocraft.spigot;

import dev.unocraft.core.Money;
import java.util.logging.Logger;
import net.milkbowl.vault.economy.Economy;
import net.milkbowl.vault.economy.EconomyResponse;
import org.bukkit.Bukkit;
import org.bukkit.entity.Player;

/**
 * The core's {@link Money} on Bukkit: the economy another plugin registers through Vault (VaultAPI's
 * {@link Economy}, found in Bukkit's services). The only class of the adapter that names a Vault class:
 * a server without Vault never loads one ({@link #find} asks for the Vault plugin first, and the JVM
 * resolves the Vault classes this class names only when a method using them runs). Server thread only.
 */
final class VaultMoney implements Money {
    /** Set once Vault's classes could not be loaded (a broken or foreign Vault): no economy from then on. */
    private static volatile boolean unusable;

    private final Economy economy;

    private VaultMoney(Economy economy) {
        this.economy = economy;
    }

    /**
     * The economy behind Vault now, or null: no Vault plugin, no economy plugin registered with it (yet),
     * or one that says it is not enabled. Looked up on each call: an economy plugin may register later
     * than this plugin enables, or replace another.
     */
    static Money find(Logger log) {
        if (unusable || Bukkit.getPluginManager().getPlugin("Vault") == null) {
            return null;
        }
        try {
            return lookUp();
        } catch (NoClassDefFoundError | ClassCastException e) {
            unusable = true;
            log.warning("Vault is installed but its economy API could not be used (" + e + "): stakes of money are off");
            return null;
        }
    }

    /** Here the JVM first resolves Vault's classes (NoClassDefFoundError when they are missing). */
    private static Money lookUp() {
        Economy economy = Bukkit.getServicesManager().load(Economy.class);
        return economy == null || !economy.isEnabled() ? null : new VaultMoney(economy);
    }

    @Override
    public double balance(String player) {
        Player p = Bukkit.getPlayerExact(player);
        return p == null ? 0 : economy.getBalance(p);
    }

    @Override
    public boolean withdraw(String player, long amount) {
        Player p = Bukkit.getPlayerExact(player);
        if (p == null || amount < 0 || !economy.has(p, amount)) {
            return false;     // an economy that lets a balance go below zero must not let a stake do it
        }
        return succeeded(economy.withdrawPlayer(p, amount));
    }

    @Override
    public boolean deposit(String player, long amount) {
        Player p = Bukkit.getPlayerExact(player);
        if (p == null || amount < 0) {
            return false;
        }
        return succeeded(economy.depositPlayer(p, amount));
    }

    /** Vault's answer decides (an economy that answers nothing has done nothing). */
    private static boolean succeeded(EconomyResponse response) {
        return response != null && response.transactionSuccess();
    }
}
