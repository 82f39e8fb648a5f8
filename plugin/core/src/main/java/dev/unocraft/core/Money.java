package dev.unocraft.core;

/**
 * A server's economy, as stakes of money use it ({@link Stakes}): Vault on Paper and Spigot, the dev
 * server's own balance file on the dev server. Whole units only (a stake is a whole number). Called
 * on the server thread (Vault's rule); a platform without an economy has none ({@link Platform#money}).
 */
public interface Money {
    /** The online player's balance. */
    double balance(String player);

    /** Takes the amount from the online player's balance; false (and nothing taken) when it cannot. */
    boolean withdraw(String player, long amount);

    /** Adds the amount to the online player's balance; false (and nothing added) when it cannot. */
    boolean deposit(String player, long amount);
}
