package dev.unocraft.core;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Registered for every core test (META-INF/services, autodetection on in junit-platform.properties):
 * a test that showed a card face has queued a write of the faces file on the saver thread; it is waited
 * for before JUnit deletes the test's temporary directory, so the write does not race the deletion
 * ("Failed to close extension context" when the saver recreates the directory under the cleanup).
 */
public final class AwaitFaceSaves implements AfterEachCallback {
    @Override
    public void afterEach(ExtensionContext context) {
        CardFaces.awaitSaves();
    }
}
