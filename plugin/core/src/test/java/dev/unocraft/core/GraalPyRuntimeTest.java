package dev.unocraft.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Logger;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * GraalPy's jars fetched over real HTTP (a Maven repository on loopback) and checked, the engine
 * unpacked from the jar's resources, the command line, and the runtime choice. The real GraalPy
 * runs in tests/test_e2e_graalpy.py and the GraalPy test tier.
 */
class GraalPyRuntimeTest {
    @TempDir
    Path dir;

    private HttpServer repo;
    private final Map<String, byte[]> served = new ConcurrentHashMap<>();
    private final List<String> asked = new CopyOnWriteArrayList<>();
    private final Map<String, byte[]> resources = new ConcurrentHashMap<>();

    private static final byte[] POLYGLOT = "polyglot jar bytes".getBytes(StandardCharsets.UTF_8);
    private static final byte[] LANGUAGE = "python language jar bytes, a little longer".getBytes(StandardCharsets.UTF_8);

    @BeforeEach
    void serve() throws IOException {
        repo = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        repo.createContext("/", exchange -> {
            String path = exchange.getRequestURI().getPath();
            asked.add(path);
            byte[] body = served.get(path);
            exchange.sendResponseHeaders(body == null ? 404 : 200, body == null ? -1 : body.length);
            if (body != null) {
                exchange.getResponseBody().write(body);
            }
            exchange.close();
        });
        repo.start();
        served.put("/maven2/org/graalvm/polyglot/polyglot/25.0.3/polyglot-25.0.3.jar", POLYGLOT);
        served.put("/maven2/org/graalvm/python/python-language/25.0.3/python-language-25.0.3.jar", LANGUAGE);
        pin(sha(POLYGLOT), sha(LANGUAGE));
    }

    @AfterEach
    void stop() {
        repo.stop(0);
    }

    private void pin(String polyglotSha, String languageSha) {
        resources.put(GraalPyRuntime.LIBRARIES, ("# a comment\n"
                + "org.graalvm.polyglot:polyglot:25.0.3 " + polyglotSha + " " + POLYGLOT.length + "\n\n"
                + "org.graalvm.python:python-language:25.0.3 " + languageSha + " " + LANGUAGE.length + "\n")
                .getBytes(StandardCharsets.UTF_8));
    }

    private static String sha(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private GraalPyRuntime runtime(String version) {
        return new GraalPyRuntime(dir, "", version, name -> {
            byte[] b = resources.get(name);
            return b == null ? null : new ByteArrayInputStream(b);
        }, "http://127.0.0.1:" + repo.getAddress().getPort() + "/maven2", "", Logger.getLogger("graalpy-test"));
    }

    private Path libraries() {
        return dir.resolve("graalpy").resolve("libraries");
    }

    @Test
    void theJarsAreFetchedOnceCheckedAndKept() throws Exception {
        List<Path> jars = runtime("0.1.0").libraries();
        assertEquals(List.of(libraries().resolve("polyglot-25.0.3.jar"), libraries().resolve("python-language-25.0.3.jar")), jars);
        assertEquals("polyglot jar bytes", Files.readString(jars.get(0)));
        assertEquals(2, asked.size());
        runtime("0.1.0").libraries();
        assertEquals(2, asked.size(), "fetched again: " + asked);
        // a damaged jar (cut short by a full disk, say) is fetched again; the sound one is not
        Files.writeString(jars.get(1), "python language jar bytes, a little longe?");
        runtime("0.1.0").libraries();
        assertEquals(List.of("/maven2/org/graalvm/python/python-language/25.0.3/python-language-25.0.3.jar"),
                asked.subList(2, asked.size()));
        assertTrue(GraalPyRuntime.matches(jars.get(1), runtime("0.1.0").pinned().get(1)));
    }

    @Test
    void aJarOtherThanThePinnedOneIsRefusedAndNothingIsKept() throws Exception {
        pin(sha(POLYGLOT), sha("something else".getBytes(StandardCharsets.UTF_8)));
        EngineSupervisor.EngineUnavailable e = assertThrows(EngineSupervisor.EngineUnavailable.class,
                () -> runtime("0.1.0").libraries());
        assertTrue(e.getMessage().contains("is not the jar this plugin expects"), e.getMessage());
        try (var files = Files.list(libraries())) {
            assertEquals(List.of("polyglot-25.0.3.jar"), files.map(p -> p.getFileName().toString()).toList());
        }
    }

    @Test
    void withoutTheRepositoryTheMessageSaysHowToInstallByHand() throws Exception {
        served.clear();
        EngineSupervisor.EngineUnavailable e = assertThrows(EngineSupervisor.EngineUnavailable.class,
                () -> runtime("0.1.0").libraries());
        assertTrue(e.getMessage().contains("HTTP 404") && e.getMessage().contains("Without network, copy the jars"),
                e.getMessage());
        // the jars copied there by hand: used as they are, nothing asked
        Files.write(libraries().resolve("polyglot-25.0.3.jar"), POLYGLOT);
        Files.write(libraries().resolve("python-language-25.0.3.jar"), LANGUAGE);
        asked.clear();
        assertEquals(2, runtime("0.1.0").libraries().size());
        assertEquals(List.of(), asked);
    }

    @Test
    void theEngineIsUnpackedOncePerVersion() throws Exception {
        resources.put(EngineInstaller.WHEEL_INDEX, "unocraft-0.1.0-py3-none-any.whl\n".getBytes(StandardCharsets.UTF_8));
        resources.put("engine/unocraft-0.1.0-py3-none-any.whl", zip(Map.of("unocraft/__init__.py", "VERSION = 1\n")));
        resources.put(GraalPyRuntime.SITE, zip(Map.of("yaml/__init__.py", "", "py4j/java_gateway.py", "")));
        Path python = runtime("0.1.0").pythonPath();
        assertEquals("VERSION = 1\n", Files.readString(python.resolve("unocraft/__init__.py")));
        assertTrue(Files.exists(python.resolve("py4j/java_gateway.py")));
        Files.writeString(python.resolve("left-by-hand.txt"), "x");
        runtime("0.1.0").pythonPath();
        assertTrue(Files.exists(python.resolve("left-by-hand.txt")), "unpacked again for the same version");
        // a new version replaces the folder
        resources.put("engine/unocraft-0.1.0-py3-none-any.whl", zip(Map.of("unocraft/__init__.py", "VERSION = 2\n")));
        runtime("0.2.0").pythonPath();
        assertEquals("VERSION = 2\n", Files.readString(python.resolve("unocraft/__init__.py")));
        assertFalse(Files.exists(python.resolve("left-by-hand.txt")));
    }

    @Test
    void anEntryOutsideTheFolderIsRefused() throws Exception {
        resources.put(EngineInstaller.WHEEL_INDEX, "w.whl".getBytes(StandardCharsets.UTF_8));
        resources.put("engine/w.whl", zip(Map.of("../../escaped.py", "")));
        resources.put(GraalPyRuntime.SITE, zip(Map.of()));
        EngineSupervisor.EngineUnavailable e = assertThrows(EngineSupervisor.EngineUnavailable.class,
                () -> runtime("0.1.0").pythonPath());
        assertTrue(e.getMessage().contains("an entry outside the folder"), e.getMessage());
        assertFalse(Files.exists(dir.resolve("escaped.py")));
        assertFalse(Files.exists(dir.getParent().resolve("escaped.py")));
    }

    @Test
    void theCommandRunsThisJavaWithGraalPyAndTheEngine() throws Exception {
        resources.put(EngineInstaller.WHEEL_INDEX, "w.whl".getBytes(StandardCharsets.UTF_8));
        resources.put("engine/w.whl", zip(Map.of("unocraft/__init__.py", "")));
        resources.put(GraalPyRuntime.SITE, zip(Map.of()));
        List<String> cmd = runtime("0.1.0").command(25333, dir.resolve("bridge.token"), List.of("--config", "e.yaml"));
        assertEquals(Path.of(System.getProperty("java.home"), "bin", "java").toString(), cmd.get(0));
        assertEquals("-Xmx" + GraalPyRuntime.DEFAULT_HEAP, cmd.get(1));
        int cp = cmd.indexOf("-cp");
        String classPath = cmd.get(cp + 1);
        assertTrue(classPath.startsWith(libraries().resolve("polyglot-25.0.3.jar").toString()), classPath);
        assertTrue(classPath.endsWith(GraalPyRuntime.ownJar().toString()), classPath);
        assertEquals(GraalPyMain.class.getName(), GraalPyRuntime.MAIN);
        assertEquals(List.of(GraalPyMain.class.getName(), dir.resolve("graalpy").resolve("python").toAbsolutePath().toString(),
                "unocraft", "serve", "--attach", "--supervised", "--bridge-port", "25333", "--token-file",
                dir.resolve("bridge.token").toAbsolutePath().toString(), "--config", "e.yaml"), cmd.subList(cp + 2, cmd.size()));
        assertTrue(GraalPyRuntime.jvmOptions(25).contains("--sun-misc-unsafe-memory-access=allow"));
        assertFalse(GraalPyRuntime.jvmOptions(21).contains("--enable-native-access=ALL-UNNAMED"),
                "an option Java 21 does not know stops it");
        EngineSupervisor.EngineUnavailable e = assertThrows(EngineSupervisor.EngineUnavailable.class,
                () -> new GraalPyRuntime(dir, "", "0.1.0", name -> null, "", "lots", Logger.getLogger("heap"))
                        .command(25333, dir.resolve("t"), List.of()));
        assertTrue(e.getMessage().contains("engine.graalpy.max-heap is 'lots'"), e.getMessage());
        assertEquals("-Xmx1G", new GraalPyRuntime(dir, "", "0.1.0", name -> resources.containsKey(name)
                ? new ByteArrayInputStream(resources.get(name)) : null, "http://127.0.0.1:" + repo.getAddress().getPort()
                + "/maven2", " 1G ", Logger.getLogger("heap")).command(25333, dir.resolve("t"), List.of()).get(1));
    }

    @Test
    void autoTakesCPythonWhenItRunsAndGraalPyWhenItDoesNot() throws Exception {
        List<String> lines = new CopyOnWriteArrayList<>();
        Logger log = Logger.getLogger("runtime-choice");
        log.setUseParentHandlers(false);
        log.addHandler(new java.util.logging.Handler() {
            @Override public void publish(java.util.logging.LogRecord r) { lines.add(r.getMessage()); }
            @Override public void flush() {}
            @Override public void close() {}
        });
        resources.put(EngineInstaller.WHEEL_INDEX, "w.whl".getBytes(StandardCharsets.UTF_8));
        resources.put("engine/w.whl", zip(Map.of("unocraft/__init__.py", "")));
        resources.put(GraalPyRuntime.SITE, zip(Map.of()));
        EngineInstaller.Resources res = name -> resources.containsKey(name) ? new ByteArrayInputStream(resources.get(name)) : null;
        // no Python at all on this "machine"
        EngineInstaller noPython = new EngineInstaller(dir, "0.1.0", "", res, log, List.of(dir.resolve("nopython").toString()));
        List<String> cmd = EngineRuntime.AUTO.command(noPython, runtime("0.1.0"), 25333, dir.resolve("t"), List.of(), log);
        assertTrue(cmd.contains(GraalPyMain.class.getName()), cmd.toString());
        assertTrue(lines.get(lines.size() - 1).startsWith("[engine] runtime: GraalPy 25.0.3 on Java ")
                && lines.get(lines.size() - 1).contains("no Python 3.11 or newer found"), lines.toString());
        // cpython asked for: the missing Python is the error, GraalPy is not tried
        asked.clear();
        EngineSupervisor.EngineUnavailable e = assertThrows(EngineSupervisor.EngineUnavailable.class,
                () -> EngineRuntime.CPYTHON.command(noPython, runtime("0.1.0"), 25333, dir.resolve("t"), List.of(), log));
        assertTrue(e.getMessage().contains("no Python 3.11 or newer found"), e.getMessage());
        // a Python that runs the engine (here a shell script answering every check): auto takes it
        Path fake = dir.resolve("python");
        Files.writeString(fake, "#!/bin/sh\nexit 0\n");
        assertTrue(fake.toFile().setExecutable(true));
        EngineInstaller cpython = new EngineInstaller(dir, "0.1.0", fake.toString(), res, log);
        cmd = EngineRuntime.AUTO.command(cpython, runtime("0.1.0"), 25333, dir.resolve("t"), List.of(), log);
        assertEquals(List.of(fake.toString(), "-m", "unocraft", "serve"), cmd.subList(0, 4));
        assertEquals("[engine] runtime: CPython (" + fake + ")", lines.get(lines.size() - 1));
        assertEquals(EngineRuntime.GRAALPY, EngineRuntime.parse(" GraalPy "));
        assertEquals(EngineRuntime.AUTO, EngineRuntime.parse(""));
        e = assertThrows(EngineSupervisor.EngineUnavailable.class, () -> EngineRuntime.parse("jython"));
        assertTrue(e.getMessage().contains("engine.runtime is 'jython': write auto, cpython or graalpy"), e.getMessage());
    }

    @Test
    void thePinnedJarsAreTheGraalPyThisPluginIsBuiltAgainst() throws Exception {
        GraalPyRuntime real = new GraalPyRuntime(dir, "", "0.1.0", GraalPyRuntime.class.getClassLoader()::getResourceAsStream,
                "", "", Logger.getLogger("graalpy-pins"));
        List<GraalPyRuntime.Library> pinned = real.pinned();
        assertTrue(pinned.size() > 10, pinned.toString());
        String built = System.getProperty("graalpy.version");
        for (GraalPyRuntime.Library lib : pinned) {
            assertEquals(64, lib.sha256().length(), lib.toString());
            if (lib.group().startsWith("org.graalvm")) {
                assertEquals(built, lib.version(), lib + " is not GraalPy " + built + " (plugin/pom.xml graalpy.version)");
            }
        }
        assertTrue(pinned.stream().anyMatch(l -> l.artifact().equals("python-language")));
        assertTrue(pinned.stream().anyMatch(l -> l.artifact().equals("truffle-runtime")));
    }

    private static byte[] zip(Map<String, String> files) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ZipOutputStream z = new ZipOutputStream(out)) {
            for (Map.Entry<String, String> f : files.entrySet()) {
                z.putNextEntry(new ZipEntry(f.getKey()));
                z.write(f.getValue().getBytes(StandardCharsets.UTF_8));
                z.closeEntry();
            }
        }
        return out.toByteArray();
    }
}
