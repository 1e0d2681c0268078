#include "forcepad_mqtt.h"

#include <mosquitto.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* Acknowledged publishes kept between two takes; more are dropped (their files stay in
 * the outbox and are sent again). */
#define FP_MQTT_ACKED_CAPACITY 256
/* Received messages kept between two takes, and the largest kept (bytes). */
#define FP_MQTT_MESSAGE_CAPACITY 16
#define FP_MQTT_MESSAGE_BYTES 4096

struct fp_mqtt {
    struct mosquitto *mosquitto;
    int connack;
    int disconnect;
    int acked[FP_MQTT_ACKED_CAPACITY];
    int acked_count;
    char messages[FP_MQTT_MESSAGE_CAPACITY][FP_MQTT_MESSAGE_BYTES];
    int message_lengths[FP_MQTT_MESSAGE_CAPACITY];
    int message_count;
};

static pthread_once_t library_once = PTHREAD_ONCE_INIT;

static void library_init(void) { mosquitto_lib_init(); }

static void on_connect(struct mosquitto *mosquitto, void *context, int code) {
    (void)mosquitto;
    ((fp_mqtt *)context)->connack = code;
}

static void on_disconnect(struct mosquitto *mosquitto, void *context, int code) {
    (void)mosquitto;
    ((fp_mqtt *)context)->disconnect = code;
}

static void on_publish(struct mosquitto *mosquitto, void *context, int mid) {
    (void)mosquitto;
    fp_mqtt *client = context;
    if (client->acked_count < FP_MQTT_ACKED_CAPACITY) client->acked[client->acked_count++] = mid;
}

static void on_message(struct mosquitto *mosquitto, void *context, const struct mosquitto_message *message) {
    (void)mosquitto;
    fp_mqtt *client = context;
    if (client->message_count >= FP_MQTT_MESSAGE_CAPACITY) return;
    int slot = client->message_count++;
    if (message->payloadlen > FP_MQTT_MESSAGE_BYTES) {
        client->message_lengths[slot] = -2;
        return;
    }
    memcpy(client->messages[slot], message->payload, (size_t)message->payloadlen);
    client->message_lengths[slot] = message->payloadlen;
}

fp_mqtt *fp_mqtt_new(const char *client_id) {
    pthread_once(&library_once, library_init);
    fp_mqtt *client = calloc(1, sizeof *client);
    if (client == NULL) return NULL;
    client->connack = -1;
    client->disconnect = -1;
    client->mosquitto = mosquitto_new(client_id, true, client);
    if (client->mosquitto == NULL) {
        free(client);
        return NULL;
    }
    mosquitto_connect_callback_set(client->mosquitto, on_connect);
    mosquitto_disconnect_callback_set(client->mosquitto, on_disconnect);
    mosquitto_publish_callback_set(client->mosquitto, on_publish);
    mosquitto_message_callback_set(client->mosquitto, on_message);
    return client;
}

int fp_mqtt_will(fp_mqtt *client, const char *topic, const void *payload, int length) {
    return mosquitto_will_set(client->mosquitto, topic, length, payload, 1, true);
}

int fp_mqtt_credentials(fp_mqtt *client, const char *username, const char *password) {
    return mosquitto_username_pw_set(client->mosquitto, username, password);
}

int fp_mqtt_tls(fp_mqtt *client, const char *ca_file, const char *cert_file, const char *key_file) {
    return mosquitto_tls_set(client->mosquitto, ca_file, NULL, cert_file, key_file, NULL);
}

int fp_mqtt_connect(fp_mqtt *client, const char *host, int port, int keepalive_seconds) {
    return mosquitto_connect_async(client->mosquitto, host, port, keepalive_seconds);
}

int fp_mqtt_reconnect(fp_mqtt *client) { return mosquitto_reconnect_async(client->mosquitto); }

int fp_mqtt_loop(fp_mqtt *client, int timeout_ms) { return mosquitto_loop(client->mosquitto, timeout_ms, 1); }

int fp_mqtt_publish(fp_mqtt *client, const char *topic, const void *payload, int length, int qos, bool retain, int *mid) {
    return mosquitto_publish(client->mosquitto, mid, topic, length, payload, qos, retain);
}

int fp_mqtt_take_connack(fp_mqtt *client) {
    int code = client->connack;
    client->connack = -1;
    return code;
}

int fp_mqtt_take_disconnect(fp_mqtt *client) {
    int code = client->disconnect;
    client->disconnect = -1;
    return code;
}

int fp_mqtt_take_acked(fp_mqtt *client, int *mids, int capacity) {
    int count = client->acked_count < capacity ? client->acked_count : capacity;
    for (int i = 0; i < count; i++) mids[i] = client->acked[i];
    for (int i = count; i < client->acked_count; i++) client->acked[i - count] = client->acked[i];
    client->acked_count -= count;
    return count;
}

int fp_mqtt_subscribe(fp_mqtt *client, const char *topic, int qos) {
    return mosquitto_subscribe(client->mosquitto, NULL, topic, qos);
}

int fp_mqtt_take_message(fp_mqtt *client, char *payload, int capacity) {
    if (client->message_count == 0) return -1;
    int length = client->message_lengths[0];
    if (length > capacity) length = -2;
    if (length > 0) memcpy(payload, client->messages[0], (size_t)length);
    client->message_count--;
    memmove(client->messages[0], client->messages[1], (size_t)client->message_count * FP_MQTT_MESSAGE_BYTES);
    memmove(&client->message_lengths[0], &client->message_lengths[1], (size_t)client->message_count * sizeof(int));
    return length;
}

int fp_mqtt_disconnect(fp_mqtt *client) { return mosquitto_disconnect(client->mosquitto); }

void fp_mqtt_destroy(fp_mqtt *client) {
    if (client == NULL) return;
    mosquitto_destroy(client->mosquitto);
    free(client);
}

const char *fp_mqtt_error_text(int code) { return mosquitto_strerror(code); }

const char *fp_mqtt_connack_text(int code) { return mosquitto_connack_string(code); }
