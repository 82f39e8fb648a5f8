package dev.unocraft.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The plugin against the bridge protocol the engine declares (engine/unocraft/transport/protocol.py;
 * its JSON Schema, generated and checked in by tests/test_protocol.py, is the test resource
 * protocol.schema.json). Every op of the schema, with sample values made from its field types,
 * goes through the real OpPreparer and apply path on the fake platform, each optional field once
 * left out, while every field read is recorded ({@link OpFields}): the fields the plugin reads must
 * be exactly the fields the engine declares. Every event the core emits is held against the schema
 * the same way: each field it writes declared, of its type, and each declared field written.
 */
class ProtocolTest {
    @TempDir
    Path dir;

    private static final JsonObject SCHEMA = JsonParser.parseReader(new InputStreamReader(
            ProtocolTest.class.getResourceAsStream("/protocol.schema.json"), StandardCharsets.UTF_8)).getAsJsonObject();

    private static JsonObject def(JsonElement ref) {
        String name = ref.getAsJsonObject().get("$ref").getAsString().replace("#/$defs/", "");
        return SCHEMA.getAsJsonObject("$defs").getAsJsonObject(name);
    }

    /** The object type a field holds (itself, in a map, a list or with null), or null for anything else. */
    private static JsonObject objectIn(JsonObject field) {
        if (field.has("$ref")) {
            return def(field);
        }
        if (field.has("anyOf")) {
            for (JsonElement option : field.getAsJsonArray("anyOf")) {
                JsonObject o = objectIn(option.getAsJsonObject());
                if (o != null) {
                    return o;
                }
            }
        }
        if (field.has("additionalProperties") && field.get("additionalProperties").isJsonObject()) {
            return objectIn(field.getAsJsonObject("additionalProperties"));
        }
        if (field.has("items") && field.get("items").isJsonObject()) {
            return objectIn(field.getAsJsonObject("items"));
        }
        return null;
    }

    /** Every field of an object type as "path.field", the fields of the objects inside it too; the tag left out. */
    private static void fields(JsonObject type, String path, String tag, Set<String> out, Set<String> optional) {
        Set<String> required = new TreeSet<>();
        type.getAsJsonArray("required").forEach(r -> required.add(r.getAsString()));
        for (Map.Entry<String, JsonElement> f : type.getAsJsonObject("properties").entrySet()) {
            if (f.getKey().equals(tag)) {
                continue;
            }
            String p = path + "." + f.getKey();
            out.add(p);
            if (!required.contains(f.getKey())) {
                optional.add(p);
            }
            JsonObject inner = objectIn(f.getValue().getAsJsonObject());
            if (inner != null) {
                fields(inner, p, tag, out, optional);
            }
        }
    }

    /** A value of the field's type (its example when it has one), with the fields at {@code omit} left out. */
    private static JsonElement sample(JsonObject field, String path, Set<String> omit) {
        if (field.has("examples")) {
            return field.getAsJsonArray("examples").get(0);
        }
        if (field.has("$ref")) {
            return object(def(field), path, omit);
        }
        if (field.has("anyOf")) {
            for (JsonElement option : field.getAsJsonArray("anyOf")) {
                if (!"null".equals(option.getAsJsonObject().has("type") ? option.getAsJsonObject().get("type").getAsString() : "")) {
                    return sample(option.getAsJsonObject(), path, omit);
                }
            }
        }
        if (field.has("enum")) {
            return field.getAsJsonArray("enum").get(0);
        }
        String type = field.has("type") ? field.get("type").getAsString() : "any";
        switch (type) {
            case "string" -> {
                if (field.has("x-bytes")) {     // base64 of so many bytes
                    return new JsonPrimitive(java.util.Base64.getEncoder().encodeToString(new byte[field.get("x-bytes").getAsInt()]));
                }
                return new JsonPrimitive("ann");
            }
            case "integer" -> {
                return new JsonPrimitive(field.has("minimum") ? field.get("minimum").getAsLong() : 1);
            }
            case "number" -> {
                return new JsonPrimitive(field.has("minimum") ? field.get("minimum").getAsDouble() : 1.0);
            }
            case "boolean" -> {
                return new JsonPrimitive(true);
            }
            case "array" -> {
                JsonArray a = new JsonArray();
                if (field.has("prefixItems")) {
                    field.getAsJsonArray("prefixItems").forEach(i -> a.add(sample(i.getAsJsonObject(), path, omit)));
                } else {
                    int n = field.has("minItems") ? Math.max(1, field.get("minItems").getAsInt()) : 1;   // a point has 3
                    for (int i = 0; i < n; i++) {
                        a.add(sample(field.getAsJsonObject("items"), path, omit));
                    }
                }
                return a;
            }
            case "object" -> {
                if (field.has("properties")) {
                    return object(field, path, omit);
                }
                JsonObject o = new JsonObject();     // a map: one entry ("0": also an inventory slot)
                o.add("0", sample(field.getAsJsonObject("additionalProperties"), path, omit));
                return o;
            }
            default -> {
                return new JsonPrimitive("a text");     // anything: a chat component
            }
        }
    }

    private static JsonObject object(JsonObject type, String path, Set<String> omit) {
        JsonObject o = new JsonObject();
        for (Map.Entry<String, JsonElement> f : type.getAsJsonObject("properties").entrySet()) {
            String p = path + "." + f.getKey();
            if (!omit.contains(p)) {
                o.add(f.getKey(), sample(f.getValue().getAsJsonObject(), p, omit));
            }
        }
        return o;
    }

    private UnoCore core(FakePlatform platform) {
        platform.inventories.put("ann", new HashMap<>());
        platform.money.balances.put("ann", 1000L);
        UnoCore core = new UnoCore(platform, "test");
        core.stakes().start();
        return core;
    }

    @Test
    void thePluginReadsEveryOpFieldTheEngineSendsAndNoOther() {
        FakePlatform platform = new FakePlatform(dir);
        UnoCore core = core(platform);
        Map<String, Set<String>> reads = new TreeMap<>();
        core.preparer.recordReads(path -> reads.computeIfAbsent(path.substring(0, path.indexOf('.')), k -> new TreeSet<>()).add(path));
        Map<String, Set<String>> declared = new TreeMap<>();
        Set<String> appliedCleanly = new TreeSet<>();
        List<String> ops = new ArrayList<>(SCHEMA.getAsJsonObject("ops").keySet());
        ops.remove("face");
        ops.add(0, "face");         // the card face first: the items show it
        for (String kind : ops) {
            JsonObject type = def(SCHEMA.getAsJsonObject("ops").get(kind));
            Set<String> all = new TreeSet<>();
            Set<String> optional = new TreeSet<>();
            fields(type, kind, "op", all, optional);
            declared.put(kind, all);
            List<Set<String>> variants = new ArrayList<>();
            variants.add(Set.of());            // every field
            variants.add(optional);            // the required ones only
            optional.forEach(p -> variants.add(Set.of(p)));     // each optional one left out
            for (Set<String> omit : variants) {
                JsonObject op = object(type, kind, omit);
                int before = platform.warnings.size();
                JsonArray batch = new JsonArray();
                batch.add(op);
                core.apply(batch);
                List<String> warned = platform.warnings.subList(before, platform.warnings.size());
                assertTrue(warned.stream().noneMatch(w -> w.startsWith("unknown op")), "the plugin does not know the op " + kind);
                if (warned.stream().noneMatch(w -> w.startsWith("bad op"))) {
                    appliedCleanly.add(kind);
                }
            }
        }
        assertEquals(declared.keySet(), appliedCleanly, "each op applies as the engine sends it, in one form at least: " + platform.warnings);
        assertNone(minus(reads, declared), "op fields the plugin reads that the engine never sends");
        assertNone(minus(declared, reads), "op fields the engine sends that the plugin does not read");
    }

    /** The ops the plugin's switch handles, read from its source: none the engine does not send. */
    @Test
    void thePluginHandlesNoOpTheEngineDoesNotSend() throws Exception {
        String source = Files.readString(Path.of("src/main/java/dev/unocraft/core/OpPreparer.java"));
        Set<String> cases = new TreeSet<>();
        Matcher m = Pattern.compile("case \"([a-z_]+)\" ->").matcher(source);
        while (m.find()) {
            cases.add(m.group(1));
        }
        assertEquals(new TreeSet<>(SCHEMA.getAsJsonObject("ops").keySet()), cases);
    }

    @Test
    void everyEventTheCoreEmitsIsOneTheEngineDeclares() throws Exception {
        FakePlatform platform = new FakePlatform(dir);
        platform.inventories.put("bob", new HashMap<>());
        UnoCore core = core(platform);
        // the players' events as an attached engine gets them (PlayerEvents builds them for UnoCore's on… methods)
        PlayerEvents input = new PlayerEvents(platform, platform.logger(), core.events(), new CoreMessages(platform), () -> true);
        input.join("ann");
        input.command("ann", new String[] {"start"}, false);
        input.command("ann", new String[] {"close", "t1"}, true);
        input.use("ann", 0, "card:R5");
        input.click("ann", 3, "card:R5");
        input.chat("ann");
        input.respawn("ann");
        input.console(new String[] {"tables"}, reply -> { });
        input.quit("ann");
        new IncomingBatches(core).readAndPrepare("not json", null);
        core.apply(OpBatch.parse("{\"ops\":[{\"op\":\"stake_take\",\"id\":\"t1.a\",\"table\":\"t1\",\"player\":\"ann\",\"money\":5},"
                + "{\"op\":\"stake_take\",\"id\":\"t1.b\",\"table\":\"t1\",\"player\":\"cid\",\"money\":5}]}"));
        List<JsonObject> events = new ArrayList<>();
        for (int i = 0; i < 50 && events.stream().filter(e -> e.get("type").getAsString().equals("stake")).count() < 2; i++) {
            core.events().poll(100).forEach(e -> events.add(e.getAsJsonObject()));
        }
        Map<String, Set<String>> written = new TreeMap<>();
        for (JsonObject e : events) {
            String type = e.get("type").getAsString();
            assertTrue(SCHEMA.getAsJsonObject("events").has(type), "an event the engine does not know: " + e);
            JsonObject declared = def(SCHEMA.getAsJsonObject("events").get(type));
            for (JsonElement r : declared.getAsJsonArray("required")) {
                assertTrue(e.has(r.getAsString()), type + " without \"" + r.getAsString() + "\": " + e);
            }
            for (Map.Entry<String, JsonElement> f : e.entrySet()) {
                JsonObject field = declared.getAsJsonObject("properties").getAsJsonObject(f.getKey());
                assertTrue(field != null, type + " with \"" + f.getKey() + "\", which the engine does not declare: " + e);
                assertTrue(ofType(f.getValue(), field), type + "'s \"" + f.getKey() + "\" is not " + field + ": " + e);
                written.computeIfAbsent(type, k -> new TreeSet<>()).add(f.getKey());
            }
        }
        Map<String, Set<String>> declared = new TreeMap<>();
        for (String type : SCHEMA.getAsJsonObject("events").keySet()) {
            declared.put(type, new TreeSet<>(def(SCHEMA.getAsJsonObject("events").get(type)).getAsJsonObject("properties").keySet()));
        }
        assertNone(minus(declared, written), "event fields the engine reads that the core never writes");
    }

    /** What {@code a} names that {@code b} does not, "kind.field" each. */
    private static Set<String> minus(Map<String, Set<String>> a, Map<String, Set<String>> b) {
        Set<String> out = new TreeSet<>();
        a.forEach((kind, fields) -> fields.forEach(f -> {
            if (!b.getOrDefault(kind, Set.of()).contains(f)) {
                out.add(f.startsWith(kind + ".") ? f : kind + "." + f);
            }
        }));
        return out;
    }

    private static void assertNone(Set<String> found, String what) {
        assertTrue(found.isEmpty(), what + ": " + found);
    }

    private static boolean ofType(JsonElement v, JsonObject field) {
        if (field.has("enum")) {
            return field.getAsJsonArray("enum").contains(v);
        }
        String type = field.has("type") ? field.get("type").getAsString() : "any";
        return switch (type) {
            case "string" -> v.isJsonPrimitive() && v.getAsJsonPrimitive().isString();
            case "integer" -> v.isJsonPrimitive() && v.getAsJsonPrimitive().isNumber() && v.getAsDouble() == Math.rint(v.getAsDouble());
            case "number" -> v.isJsonPrimitive() && v.getAsJsonPrimitive().isNumber();
            case "boolean" -> v.isJsonPrimitive() && v.getAsJsonPrimitive().isBoolean();
            case "array" -> v.isJsonArray() && v.getAsJsonArray().asList().stream().allMatch(i -> ofType(i, field.getAsJsonObject("items")));
            case "object" -> v.isJsonObject();
            default -> true;
        };
    }
}
