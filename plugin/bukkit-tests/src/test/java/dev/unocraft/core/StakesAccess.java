package dev.unocraft.core;

import java.util.Map;

/** The core's escrow ({@link Stakes}, package-private through {@link UnoCore#stakes}) for the adapter tests in other packages. */
public final class StakesAccess {
    private StakesAccess() {}

    /** What the escrow holds now, per kind ("money" or the item id), to the unit: pay-ins held or being taken, shares owed. Main thread. */
    public static Map<String, Long> inEscrow(UnoCore core) {
        return core.stakes().inEscrow();
    }
}
