package dev.unocraft.devserver;

import dev.unocraft.core.Money;
import dev.unocraft.core.OwnerOnly;
import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.logging.Logger;
import net.kyori.adventure.text.Component;
import net.kyori.adventure.text.format.NamedTextColor;
import net.minestom.server.MinecraftServer;
import net.minestom.server.command.CommandSender;
import net.minestom.server.command.builder.Command;
import net.minestom.server.command.builder.arguments.ArgumentType;

/**
 * The dev server's economy (it has no Vault): whole-unit balances by player name (any case), kept
 * in {@code balances.properties} in the data folder, rewritten whole after every change (a temp
 * file moved over it). A player never seen has 0. {@code /devmoney <player> [<amount>]} sets a
 * balance, or prints it as {@code money <player> = <n>}, for tests.
 */
final class DevEconomy implements Money {
    private static final Logger LOG = Logger.getLogger("unocraft");
    private final Path file;
    /** Balances by lower-case name; guarded by this. */
    private final Map<String, Long> balances = new TreeMap<>();

    /** The economy kept in {@code file}, read now (none there yet: everyone at 0). */
    DevEconomy(Path file) {
        this.file = file;
        if (Files.exists(file)) {
            Properties p = new Properties();
            try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                p.load(r);
                for (String name : p.stringPropertyNames()) {
                    balances.put(name, Long.parseLong(p.getProperty(name).trim()));
                }
            } catch (IOException | NumberFormatException e) {
                LOG.warning("cannot read " + file + " (balances start at 0): " + e);
                balances.clear();
            }
        }
    }

    private static String key(String player) {
        return player.toLowerCase(Locale.ROOT);
    }

    /** The balance in whole units (0 for a player never seen). */
    synchronized long units(String player) {
        return balances.getOrDefault(key(player), 0L);
    }

    @Override
    public synchronized double balance(String player) {
        return units(player);
    }

    @Override
    public synchronized boolean withdraw(String player, long amount) {
        long was = units(player);
        return amount >= 0 && was >= amount && change(player, was - amount);
    }

    @Override
    public synchronized boolean deposit(String player, long amount) {
        long was = units(player);
        return amount >= 0 && amount <= Long.MAX_VALUE - was && change(player, was + amount);
    }

    /** Sets the balance (≥ 0), as /devmoney does; false when negative or it cannot be saved. */
    synchronized boolean set(String player, long amount) {
        return amount >= 0 && change(player, amount);
    }

    /** The new balance, saved: false (the old one kept) when the file cannot be written. */
    private boolean change(String player, long now) {
        Long was = balances.put(key(player), now);
        try {
            save();
            return true;
        } catch (IOException e) {
            LOG.warning("cannot save " + file + ": " + e);
            if (was == null) {
                balances.remove(key(player));
            } else {
                balances.put(key(player), was);
            }
            return false;
        }
    }

    private void save() throws IOException {
        Properties p = new Properties();
        balances.forEach((name, n) -> p.setProperty(name, Long.toString(n)));
        StringWriter text = new StringWriter();
        p.store(text, "unocraft dev server balances (whole units)");
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = dir.resolve(file.getFileName() + ".tmp");
        OwnerOnly.write(tmp, text.toString());
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** {@code /devmoney <player>}: prints the balance; {@code /devmoney <player> <amount>}: sets it, then prints it. */
    void registerCommand() {
        Command money = new Command("devmoney");
        var player = ArgumentType.Word("player");
        var amount = ArgumentType.Long("amount");
        money.addSyntax((sender, context) -> tell(sender, context.get(player)), player);
        money.addSyntax((sender, context) -> {
            String name = context.get(player);
            if (set(name, context.get(amount))) {
                tell(sender, name);
            } else {
                sender.sendMessage(Component.text("cannot set money " + name + " to " + context.get(amount), NamedTextColor.RED));
            }
        }, player, amount);
        MinecraftServer.getCommandManager().register(money);
    }

    private void tell(CommandSender sender, String name) {
        sender.sendMessage(Component.text("money " + name + " = " + units(name)));
    }
}
