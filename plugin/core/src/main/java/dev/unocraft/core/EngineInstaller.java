package dev.unocraft.core;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;

/**
 * Finds the Python that runs the engine, installing it on first start when needed: with
 * {@code engine.python} set, that interpreter (it must have unocraft installed); otherwise a virtual
 * environment in the plugin's data folder, created once with the machine's Python 3.11+ and given the
 * unocraft wheel that ships inside the plugin jar (its dependencies come from PyPI). A new plugin
 * version installs its wheel into the same environment on its first start. Runs on the supervisor's
 * thread, never on the server thread; pip's progress goes to the log.
 */
public final class EngineInstaller {
    /** The jar's resource naming the wheel file that sits beside it in {@code engine/}. */
    public static final String WHEEL_INDEX = "engine/wheel.txt";
    static final String MARKER = "unocraft-installed.txt";
    private static final String[] BASE_PYTHONS = {"python3.14", "python3.13", "python3.12", "python3.11", "python3", "python"};

    /** Where the wheel comes from: the jar's resources (or a folder, in tests). */
    @FunctionalInterface
    public interface Resources {
        InputStream open(String name) throws IOException;
    }

    private final Path dataFolder;
    private final String version;
    private final String explicitPython;
    private final Resources resources;
    private final Logger log;
    private final List<String> basePythons;

    public EngineInstaller(Path dataFolder, String version, String explicitPython, Resources resources, Logger log) {
        this(dataFolder, version, explicitPython, resources, log, List.of(BASE_PYTHONS));
    }

    EngineInstaller(Path dataFolder, String version, String explicitPython, Resources resources, Logger log,
                    List<String> basePythons) {
        this.dataFolder = dataFolder;
        this.version = version;
        this.explicitPython = explicitPython == null ? "" : explicitPython.trim();
        this.resources = resources;
        this.log = log;
        this.basePythons = basePythons;
    }

    /**
     * Installs the engine before the first server start (or checks it), as the plugin would:
     * {@code java -cp plugins/unocraft-<version>.jar dev.unocraft.core.EngineInstaller plugins/unocraft}.
     * Prints the interpreter to run the engine with; exit 1 with the reason when it cannot.
     */
    public static void main(String[] args) {
        if (args.length < 1 || args.length > 2) {
            System.err.println("usage: java -cp unocraft.jar dev.unocraft.core.EngineInstaller DATA_FOLDER [PYTHON]");
            System.exit(2);
        }
        System.setProperty("java.util.logging.SimpleFormatter.format", "%5$s%n");
        Logger log = Logger.getLogger("unocraft-installer");
        try {
            String python = new EngineInstaller(Path.of(args[0]), Version.VERSION, args.length > 1 ? args[1] : "",
                    EngineInstaller.class.getClassLoader()::getResourceAsStream, log).python();
            System.out.println(python);
        } catch (EngineSupervisor.EngineUnavailable e) {
            log.severe(e.getMessage());
            System.exit(1);
        }
    }

    public Path venv() {
        return dataFolder.resolve("engine-venv");
    }

    /** The interpreter to start the engine with, installing it first when needed. */
    public String python() throws EngineSupervisor.EngineUnavailable {
        if (!explicitPython.isEmpty()) {
            if (!runs(explicitPython, "import unocraft")) {
                throw new EngineSupervisor.EngineUnavailable("[engine] engine.python (" + explicitPython
                        + ") cannot run unocraft: install it there (" + explicitPython + " -m pip install unocraft-"
                        + version + "-py3-none-any.whl) or leave engine.python empty to let the plugin install it");
            }
            return explicitPython;
        }
        Path venvPython = venvPython();
        Path marker = venv().resolve(MARKER);
        try {
            if (Files.isExecutable(venvPython) && Files.exists(marker)
                    && Files.readString(marker, StandardCharsets.UTF_8).trim().equals(version)) {
                return venvPython.toString();
            }
        } catch (IOException e) {
            // reinstall below
        }
        install(venvPython, marker);
        return venvPython.toString();
    }

    private Path venvPython() {
        boolean windows = System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).startsWith("windows");
        return windows ? venv().resolve("Scripts").resolve("python.exe") : venv().resolve("bin").resolve("python");
    }

    private void install(Path venvPython, Path marker) throws EngineSupervisor.EngineUnavailable {
        String wheelName = wheelName(resources);
        if (!Files.isExecutable(venvPython)) {
            String base = basePython();
            log.info("[engine install] creating the engine's Python environment in " + venv() + " with " + base);
            runLogged(List.of(base, "-m", "venv", venv().toString()), "creating the environment failed");
        }
        Path wheel = dataFolder.resolve(wheelName);
        try (InputStream in = resources.open("engine/" + wheelName)) {
            if (in == null) {
                throw new EngineSupervisor.EngineUnavailable("[engine] the engine wheel engine/" + wheelName + " is missing from the jar");
            }
            Files.createDirectories(dataFolder);
            Files.copy(in, wheel, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new EngineSupervisor.EngineUnavailable("[engine] cannot unpack the engine wheel: " + e);
        }
        log.info("[engine install] installing " + wheelName + " and its dependencies from PyPI (once; this takes a minute)");
        runLogged(List.of(venvPython.toString(), "-m", "pip", "install", "--disable-pip-version-check",
                "--progress-bar", "off", wheel.toString()), "installing the engine failed");
        try {
            Files.writeString(marker, version + "\n", StandardCharsets.UTF_8);
            Files.deleteIfExists(wheel);
        } catch (IOException e) {
            log.warning("[engine install] cannot write " + marker + ": " + e);
        }
        log.info("[engine install] the engine " + version + " is installed in " + venv());
    }

    /** The engine wheel's file name, from the jar's {@value #WHEEL_INDEX}. */
    static String wheelName(Resources resources) throws EngineSupervisor.EngineUnavailable {
        try (InputStream in = resources.open(WHEEL_INDEX)) {
            if (in != null) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
            }
        } catch (IOException e) {
            // fall through
        }
        throw new EngineSupervisor.EngineUnavailable("[engine] this plugin jar has no engine inside (a development"
                + " build): build it with scripts/release, or install unocraft and set engine.python in config.yml");
    }

    /** The machine's Python 3.11 or newer, or one clear line saying what to install. */
    private String basePython() throws EngineSupervisor.EngineUnavailable {
        for (String candidate : basePythons) {
            if (runs(candidate, "import sys, venv; sys.exit(0 if sys.version_info >= (3, 11) else 1)")) {
                return candidate;
            }
        }
        throw new EngineSupervisor.EngineUnavailable("[engine] no Python 3.11 or newer found (tried "
                + String.join(", ", basePythons) + "): install Python 3.11+ with its venv module"
                + " (Debian/Ubuntu: apt install python3 python3-venv), or set engine.python in config.yml");
    }

    private static boolean runs(String python, String code) {
        try {
            Process p = new ProcessBuilder(python, "-c", code).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return false;
            }
            return p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private void runLogged(List<String> command, String failure) throws EngineSupervisor.EngineUnavailable {
        try {
            Process p = new ProcessBuilder(new ArrayList<>(command)).redirectErrorStream(true).start();
            p.getOutputStream().close();
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    log.info("[engine install] " + line);
                }
            }
            int code = p.waitFor();
            if (code != 0) {
                throw new EngineSupervisor.EngineUnavailable("[engine install] " + failure + " (exit " + code
                        + "); the lines above say why. The plugin tries again on the next start.");
            }
        } catch (IOException e) {
            throw new EngineSupervisor.EngineUnavailable("[engine install] " + failure + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EngineSupervisor.EngineUnavailable("[engine install] interrupted");
        }
    }
}
