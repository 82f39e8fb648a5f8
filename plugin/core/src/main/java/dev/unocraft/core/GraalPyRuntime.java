package dev.unocraft.core;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.logging.Logger;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * The engine on GraalPy, for a host with Java and no Python: a second JVM (this server's own Java)
 * runs {@link GraalPyMain} with GraalPy's jars on its class path. The jars come from Maven Central
 * on first start into {@code graalpy/libraries} (each checked against the SHA-256 this jar pins in
 * {@code graalpy/libraries.txt}; a host with no network takes them copied there by hand, or fetched
 * elsewhere with {@code java -cp unocraft.jar dev.unocraft.core.GraalPyRuntime FOLDER}); the engine
 * and its pure-Python dependencies come from this jar (the engine wheel and
 * {@value #SITE}), unpacked once per version. Nothing is compiled on the host. Runs on the
 * supervisor's thread, never on the server thread.
 */
public final class GraalPyRuntime {
    public static final String LIBRARIES = "graalpy/libraries.txt";
    /** The jar's zip of the engine's pure-Python dependencies (scripts/release builds it). */
    public static final String SITE = "engine/graalpy-site.zip";
    public static final String CENTRAL = "https://repo.maven.apache.org/maven2/";
    /**
     * The engine JVM's heap unless configured: enough for 200 tables (docs/performance.md); without
     * a limit the JVM takes a quarter of the machine's memory as it pleases.
     */
    public static final String DEFAULT_HEAP = "512M";
    static final String MARKER = "unocraft-unpacked.txt";
    /** By name: this server's JVM never loads it (it needs GraalPy's classes, which only the engine's JVM has). */
    static final String MAIN = "dev.unocraft.core.GraalPyMain";

    /** One jar of GraalPy: where Maven Central keeps it and what it must hash to. */
    record Library(String group, String artifact, String version, String sha256, long size) {
        String fileName() {
            return artifact + "-" + version + ".jar";
        }

        String path() {
            return group.replace('.', '/') + "/" + artifact + "/" + version + "/" + fileName();
        }
    }

    private final Path dataFolder;
    private final Path librariesFolder;
    private final String version;
    private final EngineInstaller.Resources resources;
    private final String repository;
    private final String maxHeap;
    private final Logger log;

    /**
     * @param librariesFolder where GraalPy's jars are kept (empty: {@code DATA/graalpy/libraries})
     * @param repository      the Maven repository to fetch them from (empty: Maven Central)
     * @param maxHeap         the engine JVM's largest heap, as {@code -Xmx} takes it (empty: {@value #DEFAULT_HEAP})
     */
    public GraalPyRuntime(Path dataFolder, String librariesFolder, String version, EngineInstaller.Resources resources,
                          String repository, String maxHeap, Logger log) {
        this.dataFolder = dataFolder;
        this.librariesFolder = librariesFolder == null || librariesFolder.isBlank()
                ? dataFolder.resolve("graalpy").resolve("libraries") : Path.of(librariesFolder.trim());
        this.version = version;
        this.resources = resources;
        String repo = repository == null || repository.isBlank() ? CENTRAL : repository.trim();
        this.repository = repo.endsWith("/") ? repo : repo + "/";
        this.maxHeap = maxHeap == null || maxHeap.isBlank() ? DEFAULT_HEAP : maxHeap.trim();
        this.log = log;
    }

    /** Fetches GraalPy's jars into FOLDER (for a host with no network: copy the folder there). */
    public static void main(String[] args) {
        if (args.length != 1) {
            System.err.println("usage: java -cp unocraft.jar dev.unocraft.core.GraalPyRuntime FOLDER");
            System.exit(2);
        }
        System.setProperty("java.util.logging.SimpleFormatter.format", "%5$s%n");
        Path folder = Path.of(args[0]);
        try {
            new GraalPyRuntime(folder, folder.toString(), Version.VERSION,
                    GraalPyRuntime.class.getClassLoader()::getResourceAsStream, "", "", Logger.getLogger("unocraft-graalpy"))
                    .libraries();
            System.out.println(folder.toAbsolutePath());
        } catch (EngineSupervisor.EngineUnavailable e) {
            System.err.println(e.getMessage());
            System.exit(1);
        }
    }

    /** The GraalPy version this jar runs (the polyglot API's). */
    public String graalPyVersion() throws EngineSupervisor.EngineUnavailable {
        return pinned().stream().filter(l -> l.artifact().equals("polyglot")).map(Library::version).findFirst()
                .orElse("?");
    }

    /**
     * The command that runs the engine on GraalPy with this server's Java: {@code unocraft serve
     * --attach --supervised} on this plugin's bridge port and token file, then {@code extra}.
     */
    public List<String> command(int bridgePort, Path tokenFile, List<String> extra) throws EngineSupervisor.EngineUnavailable {
        if (!maxHeap.matches("[1-9][0-9]*[kKmMgG]?")) {
            throw new EngineSupervisor.EngineUnavailable("[engine] engine.graalpy.max-heap is '" + maxHeap
                    + "': write a size as Java's -Xmx takes it, such as 512M or 1G");
        }
        List<Path> jars = libraries();
        Path python = pythonPath();
        List<String> classPath = new ArrayList<>();
        jars.forEach(j -> classPath.add(j.toAbsolutePath().toString()));
        classPath.add(ownJar().toString());
        List<String> cmd = new ArrayList<>();
        cmd.add(javaExecutable());
        cmd.add("-Xmx" + maxHeap);
        cmd.addAll(jvmOptions(Runtime.version().feature()));
        cmd.addAll(List.of("-cp", String.join(java.io.File.pathSeparator, classPath), MAIN,
                python.toAbsolutePath().toString(), "unocraft"));
        List<String> engine = EngineSupervisor.engineCommand("python", bridgePort, tokenFile, extra);
        cmd.addAll(engine.subList(3, engine.size()));     // what follows `python -m unocraft`
        return cmd;
    }

    /** This Java's options for GraalPy: quiet about running without its compiler, native access allowed. */
    static List<String> jvmOptions(int javaFeature) {
        List<String> options = new ArrayList<>(List.of("-Dpolyglot.engine.WarnInterpreterOnly=false"));
        if (javaFeature >= 22) {
            options.add("--enable-native-access=ALL-UNNAMED");
        }
        if (javaFeature >= 23) {
            options.add("--sun-misc-unsafe-memory-access=allow");
        }
        return options;
    }

    private static String javaExecutable() {
        boolean windows = System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");
        return Path.of(System.getProperty("java.home"), "bin", windows ? "java.exe" : "java").toString();
    }

    /** The jar (or classes folder) holding {@link GraalPyMain}, as it holds this class: the plugin's own. */
    static Path ownJar() throws EngineSupervisor.EngineUnavailable {
        try {
            return Path.of(GraalPyRuntime.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException | RuntimeException e) {
            throw new EngineSupervisor.EngineUnavailable("[engine] cannot find the plugin's own jar: " + e);
        }
    }

    /** GraalPy's jars, fetching those missing or damaged; each checked against its pinned SHA-256. */
    public List<Path> libraries() throws EngineSupervisor.EngineUnavailable {
        List<Library> pinned = pinned();
        List<Library> missing = new ArrayList<>();
        List<Path> jars = new ArrayList<>();
        for (Library lib : pinned) {
            Path jar = librariesFolder.resolve(lib.fileName());
            jars.add(jar);
            if (!matches(jar, lib)) {
                missing.add(lib);
            }
        }
        if (!missing.isEmpty()) {
            long bytes = missing.stream().mapToLong(Library::size).sum();
            log.info("[engine install] fetching GraalPy " + graalPyVersion() + " (" + missing.size() + " jars, "
                    + (bytes >> 20) + " MB, once) from " + repository + " into " + librariesFolder);
            try {
                Files.createDirectories(librariesFolder);
            } catch (IOException e) {
                throw new EngineSupervisor.EngineUnavailable("[engine install] cannot create " + librariesFolder + ": " + e);
            }
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20))
                    .followRedirects(HttpClient.Redirect.NORMAL).build();
            for (Library lib : missing) {
                fetch(http, lib);
            }
            log.info("[engine install] GraalPy " + graalPyVersion() + " is in " + librariesFolder);
        }
        return jars;
    }

    private void fetch(HttpClient http, Library lib) throws EngineSupervisor.EngineUnavailable {
        Path jar = librariesFolder.resolve(lib.fileName());
        Path part = librariesFolder.resolve(lib.fileName() + ".part");
        String url = repository + lib.path();
        String offline = " Without network, copy the jars listed in " + LIBRARIES + " of the plugin jar (from "
                + CENTRAL + ") into " + librariesFolder + ", or fetch them elsewhere with java -cp unocraft.jar "
                + GraalPyRuntime.class.getName() + " FOLDER.";
        try {
            HttpRequest request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofMinutes(10)).GET().build();
            HttpResponse<InputStream> response = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
            try (InputStream body = response.body()) {
                if (response.statusCode() != 200) {
                    throw new EngineSupervisor.EngineUnavailable("[engine install] " + url + " answered HTTP "
                            + response.statusCode() + "." + offline);
                }
                MessageDigest sha = MessageDigest.getInstance("SHA-256");
                try (InputStream in = new DigestInputStream(body, sha); OutputStream out = Files.newOutputStream(part)) {
                    in.transferTo(out);
                }
                String got = HexFormat.of().formatHex(sha.digest());
                if (!got.equals(lib.sha256())) {
                    Files.deleteIfExists(part);
                    throw new EngineSupervisor.EngineUnavailable("[engine install] " + url + " is not the jar this"
                            + " plugin expects (SHA-256 " + got + ", expected " + lib.sha256() + "); not used.");
                }
            }
            Files.move(part, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new EngineSupervisor.EngineUnavailable("[engine install] cannot fetch " + url + ": " + e + "." + offline);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EngineSupervisor.EngineUnavailable("[engine install] interrupted");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);     // every Java has SHA-256
        }
    }

    /** Whether `jar` is there with the pinned size and hash (a size check first: cheap for a missing one). */
    static boolean matches(Path jar, Library lib) {
        try {
            if (!Files.isRegularFile(jar) || Files.size(jar) != lib.size()) {
                return false;
            }
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            try (InputStream in = new DigestInputStream(Files.newInputStream(jar), sha)) {
                in.transferTo(OutputStream.nullOutputStream());
            }
            return HexFormat.of().formatHex(sha.digest()).equals(lib.sha256());
        } catch (IOException | NoSuchAlgorithmException e) {
            return false;
        }
    }

    /** The jars this plugin runs GraalPy with ({@value #LIBRARIES}). */
    List<Library> pinned() throws EngineSupervisor.EngineUnavailable {
        List<Library> out = new ArrayList<>();
        try (InputStream in = resources.open(LIBRARIES)) {
            if (in == null) {
                throw new EngineSupervisor.EngineUnavailable("[engine] " + LIBRARIES + " is missing from the plugin jar");
            }
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String line;
            while ((line = r.readLine()) != null) {
                line = line.strip();
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                String[] f = line.split("\\s+");
                String[] gav = f[0].split(":");
                out.add(new Library(gav[0], gav[1], gav[2], f[1], Long.parseLong(f[2])));
            }
        } catch (IOException | RuntimeException e) {
            throw new EngineSupervisor.EngineUnavailable("[engine] cannot read " + LIBRARIES + " in the plugin jar: " + e);
        }
        return out;
    }

    /**
     * The folder GraalPy imports from: the engine wheel and {@value #SITE} unpacked (once per plugin
     * version, into {@code DATA/graalpy/python}).
     */
    public Path pythonPath() throws EngineSupervisor.EngineUnavailable {
        Path folder = dataFolder.resolve("graalpy").resolve("python");
        Path marker = folder.resolve(MARKER);
        try {
            if (Files.exists(marker) && Files.readString(marker, StandardCharsets.UTF_8).trim().equals(version)) {
                return folder;
            }
        } catch (IOException e) {
            // unpack again below
        }
        String wheel = EngineInstaller.wheelName(resources);
        log.info("[engine install] unpacking the engine " + version + " for GraalPy into " + folder);
        try {
            deleteTree(folder);
            Files.createDirectories(folder);
            unzip("engine/" + wheel, folder);
            unzip(SITE, folder);
            Files.writeString(marker, version + "\n", StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new EngineSupervisor.EngineUnavailable("[engine install] cannot unpack the engine into " + folder + ": " + e);
        }
        return folder;
    }

    private void unzip(String resource, Path into) throws IOException, EngineSupervisor.EngineUnavailable {
        try (InputStream raw = resources.open(resource)) {
            if (raw == null) {
                throw new EngineSupervisor.EngineUnavailable("[engine] " + resource + " is missing from the plugin jar"
                        + " (a development build): build it with scripts/release");
            }
            try (ZipInputStream zip = new ZipInputStream(raw)) {
                Path root = into.toAbsolutePath().normalize();
                for (ZipEntry e; (e = zip.getNextEntry()) != null; ) {
                    Path target = root.resolve(e.getName()).normalize();
                    if (!target.startsWith(root)) {
                        throw new IOException("an entry outside the folder: " + e.getName());
                    }
                    if (e.isDirectory()) {
                        Files.createDirectories(target);
                    } else {
                        Files.createDirectories(target.getParent());
                        Files.copy(zip, target, StandardCopyOption.REPLACE_EXISTING);
                    }
                }
            }
        }
    }

    private static void deleteTree(Path folder) throws IOException {
        if (!Files.exists(folder)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(folder)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
