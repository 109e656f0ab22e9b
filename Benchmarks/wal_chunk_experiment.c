// Would commits in chunks, checkpointed by a second connection while the load goes on,
// make a large import faster than one transaction whose commit checkpoints the whole log?
//
// Loads ROWS rows shaped like ThumbLab's trials (the columns of `trial`, 13 of them bound,
// 128 rows per INSERT, 16 KiB pages, write-ahead log, 8 MiB page cache) two ways, in
// alternating rounds:
//   single   one transaction, synchronous = FULL; the commit's checkpoint copies the log
//            into the database on the loading thread.
//   chunked  a commit every CHUNK rows with wal_autocheckpoint = 0 and synchronous = NORMAL
//            (a chunk of an unfinished batch need not survive a crash), and a thread with its
//            own connection running PASSIVE checkpoints after each commit; the last commit
//            is followed by a checkpoint on the loading thread.
// A third thread stays busy BUSY percent of each 10 ms, as an import's reading thread does
// (about 70% of the writer's time), so the checkpointer competes for the second core as it
// would in an import. Prints each round's load time and the time until the data is in the
// database file and the connection closed, then the median ratio chunked / single.
//
//   cc -O2 -o /tmp/wal_chunk_experiment Benchmarks/wal_chunk_experiment.c -lsqlite3 -lpthread
//   /tmp/wal_chunk_experiment [ROWS] [CHUNK] [ROUNDS] [BUSY] [FOLDER]
//   (defaults: 10000000 1000000 3 70 /tmp)
#include <pthread.h>
#include <sqlite3.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { ROWS_PER_INSERT = 128, BOUND_COLUMNS = 13 };

static double seconds_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static void check(int code, sqlite3 *db, const char *what) {
    if (code != SQLITE_OK && code != SQLITE_DONE) {
        fprintf(stderr, "%s: %s\n", what, sqlite3_errmsg(db));
        exit(1);
    }
}

static atomic_int loading_done;
static atomic_int chunks_committed;
static const char *database_path;
static double busy_share;

static void *reader_like_load(void *unused) {
    volatile double sink = 0;
    while (!atomic_load(&loading_done)) {
        double start = seconds_now();
        while (seconds_now() - start < 0.01 * busy_share) sink += 1;
        usleep((useconds_t)(10000 * (1 - busy_share)));
    }
    return unused;
}

static void *checkpointer(void *unused) {
    sqlite3 *db;
    check(sqlite3_open_v2(database_path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, 0), db, "open");
    sqlite3_busy_timeout(db, 5000);
    int seen = 0;
    while (!atomic_load(&loading_done)) {
        int committed = atomic_load(&chunks_committed);
        if (committed == seen) {
            usleep(2000);
            continue;
        }
        seen = committed;
        sqlite3_wal_checkpoint_v2(db, "main", SQLITE_CHECKPOINT_PASSIVE, 0, 0);
    }
    sqlite3_close(db);
    return unused;
}

static const char *schema =
    "PRAGMA page_size = 16384; PRAGMA journal_mode = WAL; PRAGMA cache_size = -8192;"
    "CREATE TABLE trial (id INTEGER PRIMARY KEY, batch_id INTEGER NOT NULL, participant_id INTEGER NOT NULL,"
    " condition_id INTEGER NOT NULL, block INTEGER, trial INTEGER, attempt INTEGER NOT NULL DEFAULT 1,"
    " target_x REAL, target_y REAL, target_width REAL, target_height REAL, start_x REAL, start_y REAL,"
    " touch_x REAL, touch_y REAL, time_ms REAL, hit INTEGER, errors INTEGER, line INTEGER NOT NULL,"
    " effective_amplitude REAL, deviation REAL);";

static void bind_row(sqlite3_stmt *insert, int first, long row) {
    sqlite3_bind_int64(insert, first, row / 150000 + 1);
    sqlite3_bind_int64(insert, first + 1, (row / 10000) % 15 + 1);
    sqlite3_bind_int64(insert, first + 2, (row / 30000) % 5 + 1);
    sqlite3_bind_int64(insert, first + 3, row % 10000 + 1);
    sqlite3_bind_int64(insert, first + 4, 1);
    sqlite3_bind_double(insert, first + 5, 10 + (row * 7 % 3000) / 10.0);
    sqlite3_bind_double(insert, first + 6, 10 + (row * 13 % 4600) / 10.0);
    sqlite3_bind_double(insert, first + 7, 3.6 + row % 3);
    sqlite3_bind_double(insert, first + 8, 11.3 + (row * 7 % 3000) / 10.0);
    sqlite3_bind_double(insert, first + 9, 12.1 + (row * 13 % 4600) / 10.0);
    sqlite3_bind_double(insert, first + 10, 600.5 + row % 97);
    sqlite3_bind_int64(insert, first + 11, row % 6 != 0);
    sqlite3_bind_int64(insert, first + 12, row + 2);
}

/// Loads `rows` rows; returns the total seconds and stores the load's own in `*load_seconds`.
static double load(int chunked, long rows, long chunk, double *load_seconds) {
    char wal[4096];
    snprintf(wal, sizeof wal, "%s-wal", database_path);
    unlink(database_path);
    unlink(wal);
    sqlite3 *db;
    check(sqlite3_open_v2(database_path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, 0),
        db, "open");
    check(sqlite3_exec(db, schema, 0, 0, 0), db, "schema");
    check(sqlite3_exec(db, chunked ? "PRAGMA wal_autocheckpoint = 0; PRAGMA synchronous = NORMAL"
                                   : "PRAGMA synchronous = FULL", 0, 0, 0), db, "pragma");
    char *sql = malloc(1 << 16);
    strcpy(sql, "INSERT INTO trial (batch_id, participant_id, condition_id, block, trial, attempt, target_x,"
                " target_y, target_width, touch_x, touch_y, time_ms, hit, line) VALUES ");
    for (int row = 0, parameter = 2; row < ROWS_PER_INSERT; row++) {
        strcat(sql, row ? ", (?1" : "(?1");
        for (int column = 0; column < BOUND_COLUMNS; column++, parameter++) {
            char text[16];
            snprintf(text, sizeof text, ", ?%d", parameter);
            strcat(sql, text);
        }
        strcat(sql, ")");
    }
    sqlite3_stmt *insert;
    check(sqlite3_prepare_v2(db, sql, -1, &insert, 0), db, "prepare");
    free(sql);
    sqlite3_bind_int64(insert, 1, 1);

    atomic_store(&loading_done, 0);
    atomic_store(&chunks_committed, 0);
    pthread_t busy, background;
    pthread_create(&busy, 0, reader_like_load, 0);
    if (chunked) pthread_create(&background, 0, checkpointer, 0);
    double start = seconds_now();
    check(sqlite3_exec(db, "BEGIN IMMEDIATE", 0, 0, 0), db, "begin");
    for (long first = 0; first + ROWS_PER_INSERT <= rows; first += ROWS_PER_INSERT) {
        for (int row = 0; row < ROWS_PER_INSERT; row++) bind_row(insert, 2 + row * BOUND_COLUMNS, first + row);
        check(sqlite3_step(insert), db, "insert");
        sqlite3_reset(insert);
        if (chunked && (first + ROWS_PER_INSERT) % chunk < ROWS_PER_INSERT) {
            check(sqlite3_exec(db, "COMMIT; BEGIN IMMEDIATE", 0, 0, 0), db, "chunk commit");
            atomic_fetch_add(&chunks_committed, 1);
        }
    }
    sqlite3_finalize(insert);
    *load_seconds = seconds_now() - start;
    check(sqlite3_exec(db, "COMMIT", 0, 0, 0), db, "commit");
    atomic_store(&loading_done, 1);
    if (chunked) {
        pthread_join(background, 0);
        check(sqlite3_wal_checkpoint_v2(db, "main", SQLITE_CHECKPOINT_PASSIVE, 0, 0), db, "checkpoint");
    }
    pthread_join(busy, 0);
    sqlite3_close(db);
    double total = seconds_now() - start;
    unlink(database_path);
    return total;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    long rows = argc > 1 ? atol(argv[1]) : 10000000;
    long chunk = argc > 2 ? atol(argv[2]) : 1000000;
    int rounds = argc > 3 ? atoi(argv[3]) : 3;
    busy_share = (argc > 4 ? atof(argv[4]) : 70) / 100;
    char path[4096];
    snprintf(path, sizeof path, "%s/wal-chunk-experiment.sqlite", argc > 5 ? argv[5] : "/tmp");
    database_path = path;
    if (rows < ROWS_PER_INSERT || chunk < ROWS_PER_INSERT || rounds < 1 || rounds > 64) {
        fprintf(stderr, "usage: %s [ROWS >= 128] [CHUNK >= 128] [ROUNDS 1-64] [BUSY %%] [FOLDER]\n", argv[0]);
        return 2;
    }
    double ratios[64];
    for (int round = 0; round < rounds; round++) {
        double single_load, chunked_load;
        double single = load(0, rows, chunk, &single_load);
        double chunked = load(1, rows, chunk, &chunked_load);
        ratios[round] = chunked / single;
        printf("round %d: single %.2f s (load %.2f s), chunked %.2f s (load %.2f s), ratio %.2f\n", round + 1,
            single, single_load, chunked, chunked_load, ratios[round]);
    }
    qsort(ratios, rounds, sizeof ratios[0], by_value);
    printf("median ratio chunked / single over %d rounds: %.2f (%ld rows, chunks of %ld)\n", rounds,
        ratios[rounds / 2], rows, chunk);
    return 0;
}
