/*
 * Thin C over libmosquitto (Eclipse Mosquitto's client library) for ForcePad's fleet
 * publisher. One connection per handle, driven by one thread: that thread calls
 * fp_mqtt_loop(), which runs libmosquitto's network loop and its callbacks; the
 * callbacks only record what happened (the broker's answer to the connect, a
 * disconnection, acknowledged publishes), which the same thread takes afterwards.
 *
 * Functions return libmosquitto's error codes (MOSQ_ERR_SUCCESS = 0); fp_mqtt_error_text
 * and fp_mqtt_connack_text say them in words.
 */
#pragma once

#include <stdbool.h>

typedef struct fp_mqtt fp_mqtt;

/** A new client named `client_id` (MQTT 3.1.1, clean session); NULL when out of memory. */
fp_mqtt *fp_mqtt_new(const char *client_id);

/** The Last Will: `payload` (`length` bytes) published retained at QoS 1 to `topic` when
 *  the broker loses this client without a disconnect. */
int fp_mqtt_will(fp_mqtt *client, const char *topic, const void *payload, int length);

/** The user name and password the broker checks. */
int fp_mqtt_credentials(fp_mqtt *client, const char *username, const char *password);

/** TLS with the certificate authority `ca_file` (PEM) and, when both are given, this
 *  client's certificate and key; the broker's host name is checked against its certificate. */
int fp_mqtt_tls(fp_mqtt *client, const char *ca_file, const char *cert_file, const char *key_file);

/** Starts connecting to `host`:`port` without waiting (fp_mqtt_loop completes it),
 *  with a keepalive of `keepalive_seconds`. */
int fp_mqtt_connect(fp_mqtt *client, const char *host, int port, int keepalive_seconds);

/** Starts connecting again after a disconnection. */
int fp_mqtt_reconnect(fp_mqtt *client);

/** Runs the network loop for at most `timeout_ms`: reads, writes, keepalive, callbacks. */
int fp_mqtt_loop(fp_mqtt *client, int timeout_ms);

/** Queues `payload` for `topic`; `*mid` gets its message id (for fp_mqtt_take_acked). */
int fp_mqtt_publish(fp_mqtt *client, const char *topic, const void *payload, int length, int qos, bool retain, int *mid);

/** The broker's answer to the last connect since the last call (0: accepted), or -1 if none came. */
int fp_mqtt_take_connack(fp_mqtt *client);

/** The reason of a disconnection since the last call (0: asked for), or -1 if none happened. */
int fp_mqtt_take_disconnect(fp_mqtt *client);

/** Message ids of QoS 1 publishes the broker acknowledged since the last call, at most
 *  `capacity` of them into `mids`; returns how many. */
int fp_mqtt_take_acked(fp_mqtt *client, int *mids, int capacity);

/** Subscribes to `topic` at `qos` (after the connection was accepted). */
int fp_mqtt_subscribe(fp_mqtt *client, const char *topic, int qos);

/** The oldest message received since the last call: its payload (at most `capacity` bytes)
 *  into `payload`; returns its length, -1 when none waits, or -2 when it was longer than
 *  `capacity` (it is dropped). At most 16 wait; more are dropped as they come. */
int fp_mqtt_take_message(fp_mqtt *client, char *payload, int capacity);

/** Disconnects cleanly (the Last Will is not published). */
int fp_mqtt_disconnect(fp_mqtt *client);

/** Frees the client (disconnect first for a clean end). */
void fp_mqtt_destroy(fp_mqtt *client);

/** libmosquitto's words for error `code`. */
const char *fp_mqtt_error_text(int code);

/** libmosquitto's words for the broker's connect answer `code`. */
const char *fp_mqtt_connack_text(int code);
