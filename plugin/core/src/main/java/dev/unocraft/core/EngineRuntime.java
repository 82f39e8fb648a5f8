package dev.unocraft.core;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.logging.Logger;

/**
 * Which Python runs the engine ({@code engine.runtime} in config.yml): CPython, the machine's (or
 * {@code engine.python}), installed by {@link EngineInstaller}; or GraalPy, Python on this server's
 * Java ({@link GraalPyRuntime}), for hosts without Python. {@code auto} prefers CPython and takes
 * GraalPy when CPython cannot run the engine. One log line names the choice and why.
 */
public enum EngineRuntime {
    AUTO, CPYTHON, GRAALPY;

    /** The config's word for it; an unknown word is a clear error, not a guess. */
    public static EngineRuntime parse(String word) throws EngineSupervisor.EngineUnavailable {
        String w = word == null ? "" : word.trim().toLowerCase(Locale.ROOT);
        return switch (w) {
            case "", "auto" -> AUTO;
            case "cpython", "python" -> CPYTHON;
            case "graalpy" -> GRAALPY;
            default -> throw new EngineSupervisor.EngineUnavailable("[engine] engine.runtime is '" + word
                    + "': write auto, cpython or graalpy");
        };
    }

    /**
     * The command starting the engine on this runtime (installing what it needs first), after
     * {@code python -m unocraft}'s arguments: {@code serve --attach --supervised} on the bridge
     * port and token file, then {@code extra}.
     */
    public List<String> command(EngineInstaller cpython, GraalPyRuntime graalpy, int bridgePort, Path tokenFile,
                                List<String> extra, Logger log) throws EngineSupervisor.EngineUnavailable {
        String why;
        if (this == GRAALPY) {
            why = "engine.runtime: graalpy";
        } else {
            try {
                String python = cpython.python();
                log.info("[engine] runtime: CPython (" + python + ")");
                return EngineSupervisor.engineCommand(python, bridgePort, tokenFile, extra);
            } catch (EngineSupervisor.EngineUnavailable e) {
                if (this == CPYTHON) {
                    throw e;
                }
                why = "engine.runtime: auto, and CPython cannot run it: " + e.getMessage();
            }
        }
        List<String> command = graalpy.command(bridgePort, tokenFile, extra);
        log.info("[engine] runtime: GraalPy " + graalpy.graalPyVersion() + " on Java " + Runtime.version().feature()
                + " (" + why + "); it needs about 1 GB of memory (docs/operators.md)");
        return command;
    }
}
