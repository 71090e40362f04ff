#include <libssh2.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* libssh2's known_hosts API, used only to tell a changed ssh host key from an unknown one (libgit2 reads the same
 * files but reports both alike). The key type comes as libgit2's git_cert_ssh_raw_type_t (1 RSA, 2 DSS, 3–5 ECDSA
 * 256/384/521, 6 ED25519). Returns 0 when `file` holds this key for the host, 1 when it holds another key of this
 * type for the host (changed), 2 when it holds none for the host, 3 when a `@revoked` line of the file names this key
 * for the host, -1 when the file cannot be read. */
static inline int lockstep_known_host_check(const char *file, const char *host, int port, const char *key,
                                            size_t key_length, int raw_type) {
    int mask;
    switch (raw_type) {
    case 1: mask = LIBSSH2_KNOWNHOST_KEY_SSHRSA; break;
    case 2: mask = LIBSSH2_KNOWNHOST_KEY_SSHDSS; break;
#ifdef LIBSSH2_KNOWNHOST_KEY_ECDSA_256
    case 3: mask = LIBSSH2_KNOWNHOST_KEY_ECDSA_256; break;
    case 4: mask = LIBSSH2_KNOWNHOST_KEY_ECDSA_384; break;
    case 5: mask = LIBSSH2_KNOWNHOST_KEY_ECDSA_521; break;
#endif
#ifdef LIBSSH2_KNOWNHOST_KEY_ED25519
    case 6: mask = LIBSSH2_KNOWNHOST_KEY_ED25519; break;
#endif
    default: return 2;
    }
    LIBSSH2_SESSION *session = libssh2_session_init_ex(NULL, NULL, NULL, NULL);
    if (session == NULL) return -1;
    LIBSSH2_KNOWNHOSTS *hosts = libssh2_knownhost_init(session);
    if (hosts == NULL) { libssh2_session_free(session); return -1; }
    /* `@revoked` lines (libssh2 takes "@revoked" for a host name and ignores the line): read apart, checked first. */
    LIBSSH2_KNOWNHOSTS *revoked = libssh2_knownhost_init(session);
    FILE *stream = revoked == NULL ? NULL : fopen(file, "r");
    int is_revoked = 0;
    if (stream != NULL) {
        char line[16384];
        while (fgets(line, sizeof line, stream) != NULL) {
            char *p = line;
            while (*p == ' ' || *p == '\t') p++;
            if (strncmp(p, "@revoked", 8) != 0 || (p[8] != ' ' && p[8] != '\t')) continue;
            p += 8;
            while (*p == ' ' || *p == '\t') p++;
            size_t length = strlen(p);
            while (length > 0 && (p[length - 1] == '\n' || p[length - 1] == '\r')) p[--length] = 0;
            if (length > 0) (void)libssh2_knownhost_readline(revoked, p, length, LIBSSH2_KNOWNHOST_FILE_OPENSSH);
        }
        fclose(stream);
        struct libssh2_knownhost *found = NULL;
        is_revoked = libssh2_knownhost_checkp(revoked, host, port, key, key_length,
                                              LIBSSH2_KNOWNHOST_TYPE_PLAIN | LIBSSH2_KNOWNHOST_KEYENC_RAW | mask, &found)
                     == LIBSSH2_KNOWNHOST_CHECK_MATCH;
    }
    if (revoked != NULL) libssh2_knownhost_free(revoked);
    int result;
    if (is_revoked) {
        result = 3;
    } else if (libssh2_knownhost_readfile(hosts, file, LIBSSH2_KNOWNHOST_FILE_OPENSSH) < 0) {
        result = -1;
    } else {
        struct libssh2_knownhost *found = NULL;
        int check = libssh2_knownhost_checkp(hosts, host, port, key, key_length,
                                             LIBSSH2_KNOWNHOST_TYPE_PLAIN | LIBSSH2_KNOWNHOST_KEYENC_RAW | mask, &found);
        result = check == LIBSSH2_KNOWNHOST_CHECK_MATCH ? 0 : check == LIBSSH2_KNOWNHOST_CHECK_MISMATCH ? 1 : 2;
    }
    libssh2_knownhost_free(hosts);
    libssh2_session_free(session);
    return result;
}
