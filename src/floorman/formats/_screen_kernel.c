/* The quick screen's kernel: one JSONL hand log, read and followed in C, for the usual clean hand.

   ``floorman.formats.screen`` calls ``scan(line)`` first. The kernel reads the JSON text of the
   line straight into fixed fields (no Python object per key, event or card) and follows the hand
   with the same steps as ``_screen_hand.Hand``, which copies the fold's own. It answers in one of
   two ways:

   - ``None``: the kernel steps aside, and the screen in Python (then the full reader and engine)
     takes the line. It does so at the first thing it does not follow: any key it does not know or
     meets twice, an escape in a string, a number with an exponent or more than three decimals, a
     nested object in ``_phh``, any step where ``Hand`` would raise ``Unusual``.
   - a tuple ``(game, rulebook, heads_up, dead_button, actions, hand, table, dealer)``: the hand is
     plainly clean, and this is all ``screen`` needs to give the engine's clean ruling: the game's
     index in the ``configure`` list, the log's own rulebook name (or ``None``), the two switches
     of the clean deal rules, the counted actions (one code each, for substantial action), and
     the hand's ``hand``, ``table`` and ``dealer`` as text (or ``None``).

   Stepping aside is always safe; accepting is the one thing that must be right. The kernel never
   decides that something is irregular. The vocabularies (games, actions, blinds, cards...) and
   the limits come from Python (``configure``), from the same tables the reader uses.

   Amounts are kept as integers in thousandths of a chip: the fold's arithmetic on them (sums,
   differences, minimum and maximum, doubling) is exact at any common scale. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define MAX_SEATS_C 16      /* the most seats the kernel holds room for (configure asks for fewer) */
#define MAX_EVENTS 512      /* a longer hand is left to the screen in Python */
#define MAX_HELD 64         /* the most cards a seat's row holds */
#define MAX_SHOWN_C 16
#define MAX_PHH_KEYS 64
#define MAX_DEPTH 16
#define SCALE 1000          /* amounts in thousandths */
#define SCALE_DIGITS 3
#define UNKNOWN_CARD (-1)   /* a card dealt face down and never seen: "??" */
#define NOT_A_CARD (-2)
#define NAME_MAX_C 32

typedef struct { char text[NAME_MAX_C]; Py_ssize_t len; } Name;

/* -- what configure() sets ------------------------------------------------------------------ */

typedef struct { Name name; int hole; int is_short; int is_limit; } GameCfg;
static GameCfg games[16];
static int n_games;
static Name structures[8];
static int structure_limit[8];
static int n_structures;
static Name omissions[8];
static int omission_flag[8];     /* 1: burns not recorded, 2: dealing order not recorded, 0: another */
static int n_omissions;
static Name actions_cfg[8];      /* by code: fold, check, bet, raise, call, complete, all in */
static int n_actions;
static Name blinds[8];
static int blind_code[8];        /* 0 dead (no street bet), 1 sb, 2 bb, 3 straddle, -1 not followed */
static int n_blinds;
static Name exposers[8];
static int n_exposers;
static signed char card_code[256][256];
static uint64_t short_mask;
static int max_seats, max_shown, configured;
static int64_t max_chips, level_number_max;

enum { A_FOLD = 0, A_CHECK = 1, A_BET = 2, A_RAISE = 3, A_CALL = 4, A_COMPLETE = 5, A_ALL_IN = 6 };

/* -- reading the text ----------------------------------------------------------------------- */

typedef struct { const unsigned char *p, *end; int depth; } Scan;

#define ASIDE (-1)
#define TRY(x) do { if ((x) < 0) return ASIDE; } while (0)

/* The text ends in a NUL byte (a bytes object always does): no loop below runs past it, as NUL is
   neither white space, nor a digit, nor a byte a string may hold unescaped. */
static unsigned char is_space[256];     /* JSON's white space */
static unsigned char is_plain[256];     /* an ASCII byte a string holds as it is: not a quote, backslash or control */

static inline void ws(Scan *s) {
    while (is_space[*s->p]) s->p++;
}

static inline int peek(Scan *s) { ws(s); return s->p < s->end ? *s->p : -1; }

static inline int expect(Scan *s, unsigned char c) {
    ws(s);
    if (s->p < s->end && *s->p == c) { s->p++; return 0; }
    return ASIDE;
}

/* One UTF-8 sequence at p (its first byte at least 0x80), as the standard allows it; its length or ASIDE. */
static int utf8_len(const unsigned char *p, const unsigned char *end) {
    unsigned char c = p[0];
    Py_ssize_t left = end - p;
#define CONT(i) ((p[i] & 0xC0) == 0x80)
    if (c >= 0xC2 && c <= 0xDF) return (left >= 2 && CONT(1)) ? 2 : ASIDE;
    if (c >= 0xE0 && c <= 0xEF) {
        if (left < 3 || !CONT(1) || !CONT(2)) return ASIDE;
        if (c == 0xE0 && p[1] < 0xA0) return ASIDE;   /* overlong */
        if (c == 0xED && p[1] > 0x9F) return ASIDE;   /* a surrogate */
        return 3;
    }
    if (c >= 0xF0 && c <= 0xF4) {
        if (left < 4 || !CONT(1) || !CONT(2) || !CONT(3)) return ASIDE;
        if (c == 0xF0 && p[1] < 0x90) return ASIDE;
        if (c == 0xF4 && p[1] > 0x8F) return ASIDE;
        return 4;
    }
#undef CONT
    return ASIDE;
}

/* A string with no escape, as valid UTF-8: its bytes between the quotes. */
static int string(Scan *s, const unsigned char **start, Py_ssize_t *len) {
    TRY(expect(s, '"'));
    const unsigned char *p = s->p, *end = s->end;
    *start = p;
    for (;;) {
        while (is_plain[*p]) p++;
        unsigned char c = *p;
        if (c == '"') break;
        if (c < 0x80) return ASIDE;      /* a backslash, a control byte, the end of the text */
        int n = utf8_len(p, end);
        TRY(n);
        p += n;
    }
    *len = p - *start;
    s->p = p + 1;
    return 0;
}

static inline int is_digit(int c) { return c >= '0' && c <= '9'; }

/* The digits of a JSON integer part (no sign), at most ``limit``; ASIDE past it or at a leading zero. */
static int digits(Scan *s, int64_t limit, int64_t *out) {
    const unsigned char *p = s->p, *end = s->end;
    if (p >= end || !is_digit(*p)) return ASIDE;
    int64_t v = 0;
    if (*p == '0') {
        p++;
        if (p < end && is_digit(*p)) return ASIDE;
    } else {
        while (is_digit(*p)) {
            int d = *p - '0';
            if (d > limit || v > (limit - d) / 10) return ASIDE;   /* (checked before it could overflow) */
            v = v * 10 + d;
            p++;
        }
    }
    s->p = p;
    *out = v;
    return 0;
}

/* A whole non-negative number with no fraction and no exponent, at most ``limit``. */
static int integer(Scan *s, int64_t limit, int64_t *out) {
    ws(s);
    TRY(digits(s, limit, out));
    if (s->p < s->end && (*s->p == '.' || *s->p == 'e' || *s->p == 'E')) return ASIDE;
    return 0;
}

/* An amount from 0 up to max_chips, in thousandths: an integer or a decimal of three places at most. */
static int amount(Scan *s, int64_t *out) {
    int64_t whole, frac = 0;
    ws(s);
    TRY(digits(s, max_chips, &whole));
    const unsigned char *p = s->p, *end = s->end;
    if (p < end && *p == '.') {
        p++;
        if (p >= end || !is_digit(*p)) return ASIDE;
        int places = 0;
        while (p < end && is_digit(*p)) {
            if (places < SCALE_DIGITS) frac = frac * 10 + (*p - '0');
            else if (*p != '0') return ASIDE;
            places++;
            p++;
        }
        for (; places < SCALE_DIGITS; places++) frac *= 10;
    }
    if (p < end && (*p == 'e' || *p == 'E')) return ASIDE;
    s->p = p;
    int64_t v = whole * SCALE + frac;
    if (v > max_chips * SCALE) return ASIDE;
    *out = v;
    return 0;
}

static int literal(Scan *s, const char *word, Py_ssize_t n) {
    if (s->end - s->p < n || memcmp(s->p, word, (size_t)n) != 0) return ASIDE;
    s->p += n;
    return 0;
}

/* true or false. */
static int boolean(Scan *s, int *out) {
    int c = peek(s);
    if (c == 't') { TRY(literal(s, "true", 4)); *out = 1; return 0; }
    if (c == 'f') { TRY(literal(s, "false", 5)); *out = 0; return 0; }
    return ASIDE;
}

/* Any JSON number, checked and skipped (an exponent or more than 19 digits: ASIDE). */
static int skip_number(Scan *s) {
    int64_t ignored;
    if (s->p < s->end && *s->p == '-') s->p++;
    if (s->p < s->end && is_digit(*s->p) && *s->p != '0') {
        const unsigned char *q = s->p;
        while (q < s->end && is_digit(*q)) q++;
        if (q - s->p > 18) return ASIDE;
    }
    TRY(digits(s, INT64_MAX, &ignored));
    const unsigned char *p = s->p, *end = s->end;
    if (p < end && *p == '.') {
        p++;
        const unsigned char *first = p;
        while (p < end && is_digit(*p)) p++;
        if (p == first || p - first > 18) return ASIDE;
    }
    if (p < end && (*p == 'e' || *p == 'E')) return ASIDE;
    s->p = p;
    return 0;
}

/* The opening of an object ({) or an array ([): 1 if it holds something, 0 if it is empty. */
static int open_of(Scan *s, unsigned char open, unsigned char close) {
    TRY(expect(s, open));
    if (peek(s) == close) { s->p++; return 0; }
    return 1;
}

/* After a member of an object or an element of an array: 1 for another, 0 at its close. */
static int next_of(Scan *s, unsigned char close) {
    int c = peek(s);
    s->p++;
    if (c == ',') return 1;
    if (c == close) return 0;
    return ASIDE;
}

/* A member's key and its colon. */
static int key_of(Scan *s, const unsigned char **key, Py_ssize_t *len) {
    TRY(string(s, key, len));
    return expect(s, ':');
}

/* ``bit`` added to the keys ``seen`` in an object: ASIDE if it was there (a key given twice). */
static inline int once(int *seen, int bit) {
    if (*seen & bit) return ASIDE;
    *seen |= bit;
    return 0;
}

/* A value of ``_phh``, checked and skipped: a string, number, true, false, null or an array of them. */
static int skip_value(Scan *s) {
    const unsigned char *start;
    Py_ssize_t len;
    int c = peek(s);
    if (c == '"') return string(s, &start, &len);
    if (c == 't') return literal(s, "true", 4);
    if (c == 'f') return literal(s, "false", 5);
    if (c == 'n') return literal(s, "null", 4);
    if (c == '-' || is_digit(c)) return skip_number(s);
    if (c != '[' || ++s->depth > MAX_DEPTH) return ASIDE;
    int more;
    TRY(more = open_of(s, '[', ']'));
    while (more) {
        TRY(skip_value(s));
        TRY(more = next_of(s, ']'));
    }
    s->depth--;
    return 0;
}

/* Which of ``names`` the next string is; ASIDE for any other. */
static int one_of(Scan *s, const Name *names, int n) {
    const unsigned char *start;
    Py_ssize_t len;
    TRY(string(s, &start, &len));
    for (int i = 0; i < n; i++)
        if (names[i].len == len && memcmp(names[i].text, start, (size_t)len) == 0) return i;
    return ASIDE;
}

static int card(Scan *s, int *out) {
    const unsigned char *start;
    Py_ssize_t len;
    TRY(string(s, &start, &len));
    if (len != 2) return ASIDE;
    int code = card_code[start[0]][start[1]];
    if (code == NOT_A_CARD) return ASIDE;
    *out = code;
    return 0;
}

/* Which flop game the next string names; ASIDE for any other game. */
static int game(Scan *s) {
    const unsigned char *start;
    Py_ssize_t len;
    TRY(string(s, &start, &len));
    for (int i = 0; i < n_games; i++)
        if (games[i].name.len == len && memcmp(games[i].name.text, start, (size_t)len) == 0) return i;
    return ASIDE;
}

#define KEY_IS(word) (len == (Py_ssize_t)sizeof(word) - 1 && memcmp(key, word, sizeof(word) - 1) == 0)

/* -- the log, as read ----------------------------------------------------------------------- */

enum { T_POST, T_DEAL, T_BOARD, T_BURN, T_ACT, T_SHOW, T_MUCK, T_POT, T_NEXT, N_TYPES };
static const char *const type_names[N_TYPES] = {
    "post", "deal", "board", "burn", "act", "show", "muck", "pot_awarded", "next_hand"};
static const Py_ssize_t type_lens[N_TYPES] = {4, 4, 5, 4, 3, 4, 4, 11, 9};

enum { F_TYPE = 1, F_SEAT = 2, F_CARD = 4, F_FACE_UP = 8, F_ACTION = 16, F_TO = 32, F_BLIND = 64,
       F_AMOUNT = 128, F_CARDS = 256, F_BY = 512 };
static const int allowed[N_TYPES] = {
    F_TYPE | F_SEAT | F_BLIND | F_AMOUNT, F_TYPE | F_SEAT | F_CARD | F_FACE_UP, F_TYPE | F_CARD | F_FACE_UP,
    F_TYPE | F_CARD, F_TYPE | F_SEAT | F_ACTION | F_TO, F_TYPE | F_SEAT | F_CARDS, F_TYPE | F_SEAT | F_BY,
    F_TYPE, F_TYPE};
static const int required[N_TYPES] = {
    F_TYPE | F_SEAT | F_BLIND | F_AMOUNT, F_TYPE | F_SEAT, F_TYPE, F_TYPE, F_TYPE | F_SEAT | F_ACTION,
    F_TYPE | F_SEAT, F_TYPE | F_SEAT, F_TYPE, F_TYPE};

typedef struct {
    int present, type, seat, card, face_up, action, blind, ncards;
    int64_t value;                       /* ``to`` of an act, ``amount`` of a post */
    signed char cards[MAX_SHOWN_C];
} Ev;

typedef struct { int seat; int64_t stack; } PlayerIn;

enum { H_FLOORMAN = 1, H_GAME = 2, H_SEATS = 4, H_LEVEL = 8, H_PLAYERS = 16, H_EVENTS = 32, H_RULEBOOK = 64,
       H_STRUCTURE = 128, H_BUTTON = 256, H_OMITS = 512, H_HAND = 1024, H_TABLE = 2048, H_TOURNAMENT = 4096,
       H_DEALER = 8192, H_TIME = 16384, H_PHH = 32768 };
#define H_REQUIRED (H_FLOORMAN | H_GAME | H_SEATS | H_LEVEL | H_PLAYERS | H_EVENTS)

typedef struct { const unsigned char *start; Py_ssize_t len; int kind; } Meta;  /* kind 0 null, 1 text, 2 number */

typedef struct {
    int present;
    int64_t version, seats, button;
    int game, structure, omitted;
    const unsigned char *rulebook;
    Py_ssize_t rulebook_len;
    int64_t big_blind, small_bet, big_bet;
    Meta hand, table, dealer;
    int nplayers;
    PlayerIn players[MAX_SEATS_C];
    int nevents;
    Ev *events;
} Log;

static int level(Scan *s, Log *log) {
    int seen = 0, more;
    TRY(more = open_of(s, '{', '}'));
    while (more) {
        const unsigned char *key;
        Py_ssize_t len;
        int64_t v;
        int bit;
        TRY(key_of(s, &key, &len));
        if (KEY_IS("number")) {
            bit = 1;
            TRY(integer(s, level_number_max, &v));
        } else {
            TRY(amount(s, &v));
            if (KEY_IS("big_blind")) { bit = 2; log->big_blind = v; }
            else if (KEY_IS("small_bet")) { bit = 4; log->small_bet = v; }
            else if (KEY_IS("big_bet")) { bit = 8; log->big_bet = v; }
            else if (KEY_IS("small_blind")) bit = 16;
            else if (KEY_IS("ante")) bit = 32;
            else if (KEY_IS("big_blind_ante")) bit = 64;
            else if (KEY_IS("bring_in")) bit = 128;
            else return ASIDE;
        }
        TRY(once(&seen, bit));
        TRY(more = next_of(s, '}'));
    }
    return 0;
}

static int player(Scan *s, PlayerIn *p) {
    int seen = 0, more;
    TRY(more = open_of(s, '{', '}'));
    while (more) {
        const unsigned char *key, *name;
        Py_ssize_t len, name_len;
        int64_t v;
        int bit;
        TRY(key_of(s, &key, &len));
        if (KEY_IS("seat")) { bit = 1; TRY(integer(s, max_seats, &v)); p->seat = (int)v; }
        else if (KEY_IS("name")) { bit = 2; TRY(string(s, &name, &name_len)); }
        else if (KEY_IS("stack")) { bit = 4; TRY(amount(s, &p->stack)); }
        else return ASIDE;
        TRY(once(&seen, bit));
        TRY(more = next_of(s, '}'));
    }
    return seen == 7 ? 0 : ASIDE;
}

static int players(Scan *s, Log *log) {
    int more;
    TRY(more = open_of(s, '[', ']'));
    while (more) {
        if (log->nplayers >= max_seats) return ASIDE;
        TRY(player(s, &log->players[log->nplayers++]));
        TRY(more = next_of(s, ']'));
    }
    return 0;
}

static int event(Scan *s, Ev *ev) {
    int more;
    ev->present = 0;
    ev->face_up = -1;
    ev->card = UNKNOWN_CARD;
    ev->ncards = -1;
    TRY(more = open_of(s, '{', '}'));
    while (more) {
        const unsigned char *key;
        Py_ssize_t len;
        int64_t v;
        int bit;
        TRY(key_of(s, &key, &len));
        if (KEY_IS("type")) {
            const unsigned char *t;
            Py_ssize_t tlen;
            bit = F_TYPE;
            TRY(string(s, &t, &tlen));
            ev->type = -1;
            for (int i = 0; i < N_TYPES; i++)
                if (tlen == type_lens[i] && t[0] == type_names[i][0] && memcmp(t, type_names[i], (size_t)tlen) == 0) {
                    ev->type = i;
                    break;
                }
            TRY(ev->type);
        } else if (KEY_IS("seat")) { bit = F_SEAT; TRY(integer(s, max_seats, &v)); ev->seat = (int)v; }
        else if (KEY_IS("action")) { bit = F_ACTION; TRY(ev->action = one_of(s, actions_cfg, n_actions)); }
        else if (KEY_IS("card")) { bit = F_CARD; TRY(card(s, &ev->card)); }
        else if (KEY_IS("to")) { bit = F_TO; TRY(amount(s, &ev->value)); }
        else if (KEY_IS("blind")) { bit = F_BLIND; TRY(ev->blind = one_of(s, blinds, n_blinds)); }
        else if (KEY_IS("amount")) { bit = F_AMOUNT; TRY(amount(s, &ev->value)); }
        else if (KEY_IS("face_up")) { bit = F_FACE_UP; TRY(boolean(s, &ev->face_up)); }
        else if (KEY_IS("by")) { bit = F_BY; TRY(one_of(s, exposers, n_exposers)); }
        else if (KEY_IS("cards")) {
            int more_cards;
            bit = F_CARDS;
            ev->ncards = 0;
            TRY(more_cards = open_of(s, '[', ']'));
            while (more_cards) {
                int code;
                if (ev->ncards >= max_shown) return ASIDE;
                TRY(card(s, &code));
                ev->cards[ev->ncards++] = (signed char)code;
                TRY(more_cards = next_of(s, ']'));
            }
        } else return ASIDE;
        TRY(once(&ev->present, bit));
        TRY(more = next_of(s, '}'));
    }
    if (!(ev->present & F_TYPE)) return ASIDE;
    int t = ev->type;
    if ((ev->present & ~allowed[t]) || (ev->present & required[t]) != required[t]) return ASIDE;
    return 0;
}

static int events(Scan *s, Log *log) {
    int more;
    TRY(more = open_of(s, '[', ']'));
    while (more) {
        if (log->nevents >= MAX_EVENTS) return ASIDE;
        TRY(event(s, &log->events[log->nevents++]));
        TRY(more = next_of(s, ']'));
    }
    return 0;
}

/* hand, table, tournament, dealer, time: text, a whole number, or null. */
static int meta(Scan *s, Meta *m) {
    int c = peek(s);
    if (c == '"') { m->kind = 1; return string(s, &m->start, &m->len); }
    if (c == 'n') { m->kind = 0; return literal(s, "null", 4); }
    m->kind = 2;
    m->start = s->p;
    int negative = c == '-';
    if (negative) s->p++;
    int64_t v;
    TRY(digits(s, (int64_t)999999999999999999LL, &v));   /* 18 digits: within msgspec's int */
    if (negative && v == 0) return ASIDE;                 /* -0: str() of it is "0" */
    if (s->p < s->end && (*s->p == '.' || *s->p == 'e' || *s->p == 'E')) return ASIDE;
    m->len = s->p - m->start;
    return 0;
}

static int phh(Scan *s) {
    const unsigned char *keys[MAX_PHH_KEYS];
    Py_ssize_t lens[MAX_PHH_KEYS];
    int n = 0, more;
    TRY(more = open_of(s, '{', '}'));
    while (more) {
        if (n >= MAX_PHH_KEYS) return ASIDE;
        TRY(string(s, &keys[n], &lens[n]));
        for (int i = 0; i < n; i++)
            if (lens[i] == lens[n] && memcmp(keys[i], keys[n], (size_t)lens[n]) == 0) return ASIDE;
        n++;
        TRY(expect(s, ':'));
        TRY(skip_value(s));
        TRY(more = next_of(s, '}'));
    }
    return 0;
}

static int header(Scan *s, Log *log) {
    int more;
    TRY(more = open_of(s, '{', '}'));
    while (more) {
        const unsigned char *key;
        Py_ssize_t len;
        int bit;
        TRY(key_of(s, &key, &len));
        if (KEY_IS("events")) { bit = H_EVENTS; TRY(events(s, log)); }
        else if (KEY_IS("players")) { bit = H_PLAYERS; TRY(players(s, log)); }
        else if (KEY_IS("level")) { bit = H_LEVEL; TRY(level(s, log)); }
        else if (KEY_IS("floorman")) { bit = H_FLOORMAN; TRY(integer(s, 1, &log->version)); }
        else if (KEY_IS("game")) { bit = H_GAME; TRY(log->game = game(s)); }
        else if (KEY_IS("seats")) { bit = H_SEATS; TRY(integer(s, max_seats, &log->seats)); }
        else if (KEY_IS("button")) { bit = H_BUTTON; TRY(integer(s, max_seats, &log->button)); }
        else if (KEY_IS("structure")) { bit = H_STRUCTURE; TRY(log->structure = one_of(s, structures, n_structures)); }
        else if (KEY_IS("omits")) {
            int more_omits;
            bit = H_OMITS;
            TRY(more_omits = open_of(s, '[', ']'));
            while (more_omits) {
                int i;
                TRY(i = one_of(s, omissions, n_omissions));
                log->omitted |= omission_flag[i];
                TRY(more_omits = next_of(s, ']'));
            }
        }
        else if (KEY_IS("rulebook")) { bit = H_RULEBOOK; TRY(string(s, &log->rulebook, &log->rulebook_len)); }
        else if (KEY_IS("hand")) { bit = H_HAND; TRY(meta(s, &log->hand)); }
        else if (KEY_IS("table")) { bit = H_TABLE; TRY(meta(s, &log->table)); }
        else if (KEY_IS("dealer")) { bit = H_DEALER; TRY(meta(s, &log->dealer)); }
        else if (KEY_IS("tournament")) { Meta m; bit = H_TOURNAMENT; TRY(meta(s, &m)); }
        else if (KEY_IS("time")) { Meta m; bit = H_TIME; TRY(meta(s, &m)); }
        else if (KEY_IS("_phh")) { bit = H_PHH; TRY(phh(s)); }
        else return ASIDE;
        TRY(once(&log->present, bit));
        TRY(more = next_of(s, '}'));
    }
    ws(s);
    return s->p == s->end && (log->present & H_REQUIRED) == H_REQUIRED ? 0 : ASIDE;
}

/* -- the hand, as _screen_hand.Hand follows it ---------------------------------------------- */

typedef struct {
    int number, ncards, acted, folded, all_in;
    int64_t stack, committed, street_bet;
    signed char cards[MAX_HELD];
} Seat;

typedef struct {
    int n, is_short, limit, burns_omitted, order_omitted;
    int64_t big_blind, small_bet, big_bet;
    int table_seats, button;
    int at[MAX_SEATS_C + 1];            /* seat number -> index in seat[] (-1: no one sits there) */
    Seat seat[MAX_SEATS_C];             /* in the order the log lists the players */
    int nlisted;
    int order[MAX_SEATS_C];             /* the dealing order, from the first seat left of the button */
    int norder;
    uint64_t seen;                      /* the cards seen, one bit each (standard deck order) */
    unsigned char *actions;
    int nactions;
    int street, board[4], burns[4];
    int64_t current_bet, last_raise;
    int pointer, round_started, initial_open, dealt, hand_over, sb_seat, bb_seat, straddle, board_events;
    unsigned tabled;
    int in_hand, can, only, due, after, first;
} Hand;

static Seat *at(Hand *h, int number) {
    if (number < 1 || number > h->table_seats || h->at[number] < 0) return NULL;
    return &h->seat[h->at[number]];
}

/* cardcheck.see for a card in plain view: a card of the deck not seen before, or one never seen ("??"). */
static int see(Hand *h, int code) {
    if (code == UNKNOWN_CARD) return 0;
    uint64_t bit = (uint64_t)1 << code;
    if ((h->is_short && !(short_mask & bit)) || (h->seen & bit)) return ASIDE;
    h->seen |= bit;
    return 0;
}

static int is_deal_complete(Hand *h) {
    if (!h->dealt) return 0;
    for (int i = 0; i < h->nlisted; i++)
        if (h->seat[i].ncards != h->n) return 0;
    return 1;
}

static int close_initial(Hand *h) {
    h->initial_open = 0;
    return is_deal_complete(h) ? 0 : ASIDE;
}

static int post(Hand *h, Ev *ev) {
    Seat *seat = at(h, ev->seat);
    int code = blind_code[ev->blind];
    if (!seat || code < 0) return ASIDE;
    int64_t remaining = seat->stack - seat->committed, amount = ev->value;
    if (remaining < 0) remaining = 0;
    if (amount > remaining) amount = remaining;
    seat->committed += amount;
    if (code) {
        seat->street_bet += amount;
        if (seat->street_bet > h->current_bet) h->current_bet = seat->street_bet;
        if (code == 1) h->sb_seat = ev->seat;
        else if (code == 2) {
            h->bb_seat = ev->seat;
            if (amount > h->last_raise) h->last_raise = amount;
        } else h->straddle = ev->seat;
    }
    if (seat->stack - seat->committed <= 0) seat->all_in = 1;
    return 0;
}

static int deal(Hand *h, int number, int code) {
    Seat *seat = at(h, number);
    if (!seat || !h->initial_open) return ASIDE;
    TRY(see(h, code));
    if (!h->order_omitted && number != h->order[h->dealt % h->norder]) return ASIDE;
    if (seat->ncards >= MAX_HELD) return ASIDE;
    h->dealt++;
    seat->cards[seat->ncards++] = (signed char)code;
    return 0;
}

/* betting._in_hand_and_can_act and the count of _due_seat, in one pass (Hand.tally). */
static void tally(Hand *h) {
    int in_hand = 0, can = 0, due = 0, after = 0, first = 0, only = -1;
    int64_t current = h->current_bet;
    int pointer = h->pointer;
    for (int i = 0; i < h->nlisted; i++) {
        Seat *s = &h->seat[i];
        if (s->folded || !s->ncards) continue;
        in_hand++;
        if (s->all_in) continue;
        can++;
        only = i;
        if (!s->acted || s->street_bet < current) {
            due++;
            int number = s->number;
            if (pointer && number > pointer) {
                if (!after || number < after) after = number;
            } else if (!first || number < first) first = number;
        }
    }
    h->in_hand = in_hand; h->can = can; h->only = only; h->due = due; h->after = after; h->first = first;
}

static int is_settled(Hand *h) {
    return h->in_hand <= 1 || h->only < 0 || (h->can == 1 && h->seat[h->only].street_bet >= h->current_bet);
}

static int turn(Hand *h) {
    tally(h);
    if (is_settled(h)) return 0;
    if (!h->pointer) return h->due == 1 ? h->first : 0;
    return h->after ? h->after : h->first;
}

static int is_round_complete(Hand *h) {
    if (h->hand_over) return 1;
    tally(h);
    return is_settled(h) || !h->due;
}

static void begin(Hand *h) {
    h->round_started = 1;
    if (h->street > 0) h->pointer = h->button;
    else if (h->straddle) h->pointer = h->straddle;
    else if (h->bb_seat) h->pointer = h->bb_seat;
    else {
        int dealt_in[MAX_SEATS_C], n = 0;
        for (int i = 0; i < h->norder; i++)
            if (at(h, h->order[i])->ncards) dealt_in[n++] = h->order[i];
        h->pointer = n == 2 ? dealt_in[0] : n > 2 ? dealt_in[1] : 0;
    }
}

/* betting.fixed_bet, street_target and after_bet, as betting._apply uses them. */
static void apply(Hand *h, Seat *seat, int code, int has_to, int64_t to) {
    if (code == A_FOLD) { seat->folded = 1; return; }
    if (code == A_CHECK) return;
    int64_t small = h->small_bet ? h->small_bet : h->big_blind;
    int64_t big = h->big_bet ? h->big_bet : 2 * small;
    int64_t fixed = h->street < 2 ? small : big;
    int64_t remaining = seat->stack - seat->committed;
    int64_t cap = seat->street_bet + (remaining > 0 ? remaining : 0), target;
    if (has_to) target = to;
    else if (code == A_CALL) target = h->current_bet;
    else if (code == A_ALL_IN) target = cap;
    else if (code == A_COMPLETE) target = fixed;
    else if (code == A_BET) target = h->limit ? fixed : h->current_bet;
    else target = h->current_bet + (h->limit ? fixed : h->last_raise);
    if (target > cap) target = cap;
    int64_t diff = target - seat->street_bet;
    if (diff < 0) diff = 0;
    seat->committed += diff;
    seat->street_bet += diff;
    if (seat->street_bet > h->current_bet) {
        int64_t raise_size = seat->street_bet - h->current_bet;
        h->current_bet = seat->street_bet;
        if (raise_size >= h->last_raise) {
            h->last_raise = raise_size;
            for (int i = 0; i < h->nlisted; i++)
                if (&h->seat[i] != seat) h->seat[i].acted = 0;
        }
    }
    if (seat->stack - seat->committed <= 0) seat->all_in = 1;
}

static int act(Hand *h, Ev *ev) {
    if (h->initial_open) TRY(close_initial(h));
    if (h->street == 1 && h->board[1] < 3) return ASIDE;
    Seat *seat = at(h, ev->seat);
    if (!seat) return ASIDE;
    int code = ev->action, has_to = (ev->present & F_TO) != 0;
    if (!has_to && !h->limit && (code == A_BET || code == A_RAISE)) return ASIDE;
    if (!h->round_started) begin(h);
    if (h->hand_over || turn(h) != ev->seat) return ASIDE;
    int in_hand = h->in_hand, was_in_hand = !seat->folded && seat->ncards > 0;
    apply(h, seat, code, has_to, ev->value);
    seat->acted = 1;
    h->pointer = ev->seat;
    h->actions[h->nactions++] = (unsigned char)code;
    if (in_hand - (was_in_hand && seat->folded ? 1 : 0) <= 1) h->hand_over = 1;
    return 0;
}

static int board_target(Hand *h) {
    int street = h->street;
    if (street == 0) return 1;
    if (h->board[street] < (street == 1 ? 3 : 1)) return street;
    return street + 1;
}

static void start_round(Hand *h, int street) {
    h->street = street;
    h->current_bet = 0;
    h->last_raise = 0;
    for (int i = 0; i < h->nlisted; i++) { h->seat[i].street_bet = 0; h->seat[i].acted = 0; }
    h->round_started = 0;
    h->pointer = 0;
}

static int board_card(Hand *h, int code) {
    h->board_events++;
    if (h->initial_open) TRY(close_initial(h));
    TRY(see(h, code));
    if (h->hand_over) return 0;
    int street = h->street, target = board_target(h);
    if (target > 3) return ASIDE;
    if (target == street) { h->board[street]++; return 0; }
    if (!is_round_complete(h)) return ASIDE;
    start_round(h, target);
    h->board[target]++;
    if (!h->burns_omitted && !h->burns[target]) return ASIDE;
    return 0;
}

static int burn(Hand *h, int code) {
    if (h->burns_omitted) return ASIDE;
    if (h->initial_open) TRY(close_initial(h));
    TRY(see(h, code));
    int target = board_target(h);
    if (target > 3) return ASIDE;
    if (target != h->street && !h->hand_over && !is_round_complete(h)) return ASIDE;
    if (++h->burns[target] > 1) return ASIDE;
    return 0;
}

static int show(Hand *h, Ev *ev) {
    Seat *seat = at(h, ev->seat);
    if (!seat) return ASIDE;
    h->tabled |= 1u << ev->seat;
    uint64_t known = 0;
    for (int i = 0; i < seat->ncards; i++)
        if (seat->cards[i] != UNKNOWN_CARD) known |= (uint64_t)1 << seat->cards[i];
    for (int k = 0; k < ev->ncards; k++) {
        int code = ev->cards[k];
        if (code == UNKNOWN_CARD || (known >> code & 1)) continue;
        int hole = -1;
        for (int i = 0; i < seat->ncards; i++)
            if (seat->cards[i] == UNKNOWN_CARD) { hole = i; break; }
        if (hole >= 0) seat->cards[hole] = (signed char)code;
        else {
            if (seat->ncards >= MAX_HELD) return ASIDE;
            seat->cards[seat->ncards++] = (signed char)code;
        }
        TRY(see(h, code));
    }
    return 0;
}

static int muck(Hand *h, int number) {
    if (number < 1 || number > h->table_seats) return ASIDE;
    h->tabled |= 1u << number;
    Seat *seat = at(h, number);
    if (seat) seat->folded = 1;
    return 0;
}

static int is_clean_at_end(Hand *h) {
    if (h->initial_open && !is_deal_complete(h)) return 0;
    if (h->street == 1 && h->board[1] < 3) return 0;
    if (h->board_events > 5) return 0;
    int showdown = (h->tabled & (h->tabled - 1)) != 0;
    if (showdown && h->board_events < 5) return 0;
    if (h->hand_over || showdown)
        for (int i = 0; i < h->nlisted; i++) {
            Seat *s = &h->seat[i];
            if (!s->folded && s->ncards && s->ncards != h->n) return 0;
        }
    return 1;
}

/* The hand before the deal (Hand.__init__): the game, the table, the structure, what the log omits, the level. */
static void start(Hand *h, int game, int seats, int button, int limit, int burns_omitted, int order_omitted,
                  int64_t big_blind, int64_t small_bet, int64_t big_bet) {
    GameCfg *g = &games[game];
    unsigned char *codes = h->actions;
    memset(h, 0, sizeof *h);
    h->actions = codes;
    h->n = g->hole;
    h->is_short = g->is_short;
    h->limit = limit;
    h->burns_omitted = burns_omitted;
    h->order_omitted = order_omitted;
    h->big_blind = big_blind;
    h->small_bet = small_bet;
    h->big_bet = big_bet;
    h->table_seats = seats;
    h->button = button;
    h->initial_open = 1;
    for (int i = 0; i <= MAX_SEATS_C; i++) h->at[i] = -1;
}

/* Hand.sit: a player at ``number`` with ``stack``, dealt in and present. */
static int sit(Hand *h, int64_t number, int64_t stack) {
    if (number < 1 || number > h->table_seats || h->at[number] >= 0) return ASIDE;
    Seat *seat = &h->seat[h->nlisted];
    seat->number = (int)number;
    seat->stack = stack;
    h->at[number] = h->nlisted++;
    return 0;
}

/* Hand.seated: the dealing order, from the first seat left of the button. */
static int seated(Hand *h) {
    for (int i = 0; i < h->table_seats; i++) {
        int number = (h->button + i) % h->table_seats + 1;
        if (h->at[number] >= 0) h->order[h->norder++] = number;
    }
    return h->norder < 2 ? ASIDE : 0;
}

/* One event, with the hand's steps (screen._play). */
static int play(Hand *h, Ev *ev) {
    switch (ev->type) {
    case T_DEAL:
        if (ev->face_up == 1) return ASIDE;     /* dealt face up: an exposed card */
        return deal(h, ev->seat, ev->card);
    case T_ACT: return act(h, ev);
    case T_BOARD:
        if (ev->face_up == 0) return ASIDE;
        return board_card(h, ev->card);
    case T_POST: return post(h, ev);
    case T_SHOW: return show(h, ev);
    case T_MUCK: return muck(h, ev->seat);
    case T_BURN: return burn(h, ev->card);
    case T_POT: h->hand_over = 1; return 0;
    default: return 0;                          /* the next hand begun */
    }
}

/* The log read from JSON, followed to the end as screen._screen follows it. */
static int follow(Log *log, Hand *h) {
    if (log->version != 1 || log->seats < 2 || !(log->present & H_BUTTON) || log->button < 1
            || log->button > log->seats)
        return ASIDE;
    int limit = log->present & H_STRUCTURE ? structure_limit[log->structure] : games[log->game].is_limit;
    start(h, log->game, (int)log->seats, (int)log->button, limit, (log->omitted & 1) != 0, (log->omitted & 2) != 0,
          log->big_blind, log->small_bet, log->big_bet);
    for (int i = 0; i < log->nplayers; i++) TRY(sit(h, log->players[i].seat, log->players[i].stack));
    TRY(seated(h));
    for (int i = 0; i < log->nevents; i++) TRY(play(h, &log->events[i]));
    return is_clean_at_end(h) ? 0 : ASIDE;
}

/* What screen needs of a hand followed to the end: heads-up, a dead button, the counted actions. */
static int is_dead_button(Hand *h) {
    return h->at[h->button] < 0 || (h->bb_seat && !h->sb_seat && h->norder > 2);
}

static PyObject *meta_text(Meta *m, int present) {
    if (!present || m->kind == 0) Py_RETURN_NONE;
    return PyUnicode_DecodeUTF8((const char *)m->start, m->len, "strict");
}

static PyObject *scan(PyObject *module, PyObject *arg) {
    if (!configured) {
        PyErr_SetString(PyExc_RuntimeError, "the screen kernel is not configured");
        return NULL;
    }
    if (!PyBytes_CheckExact(arg)) Py_RETURN_NONE;
    Ev evs[MAX_EVENTS];
    unsigned char codes[MAX_EVENTS];
    Log log;
    Hand hand;
    memset(&log, 0, offsetof(Log, players));
    log.nplayers = 0;
    log.nevents = 0;
    log.events = evs;
    hand.actions = codes;
    const unsigned char *text = (const unsigned char *)PyBytes_AS_STRING(arg);
    Scan s = {text, text + PyBytes_GET_SIZE(arg), 0};
    if (header(&s, &log) < 0 || follow(&log, &hand) < 0) Py_RETURN_NONE;
    PyObject *rulebook;
    if (log.present & H_RULEBOOK) {
        rulebook = PyUnicode_DecodeUTF8((const char *)log.rulebook, log.rulebook_len, "strict");
        if (!rulebook) return NULL;
    } else {
        rulebook = Py_NewRef(Py_None);
    }
    return Py_BuildValue("(iNOOy#NNN)", log.game, rulebook, hand.norder == 2 ? Py_True : Py_False,
                         is_dead_button(&hand) ? Py_True : Py_False, (const char *)codes, (Py_ssize_t)hand.nactions,
                         meta_text(&log.hand, log.present & H_HAND), meta_text(&log.table, log.present & H_TABLE),
                         meta_text(&log.dealer, log.present & H_DEALER));
}

/* -- a hand log already read (screen.screen_log) --------------------------------------------- */

static PyObject *event_types[N_TYPES];  /* the event classes, in the order of T_POST... (configure) */
static PyObject *action_members[8];     /* the Action members, by code */
static PyObject *blind_members[8];
static PyObject *present_status;
static PyObject *s_seat, *s_card, *s_face_up, *s_back, *s_boxed, *s_replacement, *s_ext, *s_action, *s_to,
    *s_blind, *s_amount, *s_cards, *s_stack, *s_status;

/* An attribute (a new reference), or NULL with no error set: the screen in Python meets any error itself. */
static PyObject *get(PyObject *o, PyObject *name) {
    PyObject *v = PyObject_GetAttr(o, name);
    if (!v) PyErr_Clear();
    return v;
}

/* A seat number from 1 to max_seats. */
static int seat_of(PyObject *o, int *out) {
    PyObject *v = get(o, s_seat);
    if (!v) return ASIDE;
    long x = PyLong_CheckExact(v) ? PyLong_AsLong(v) : -1;
    Py_DECREF(v);
    if (x == -1 && PyErr_Occurred()) PyErr_Clear();
    if (x < 1 || x > max_seats) return ASIDE;
    *out = (int)x;
    return 0;
}

/* A whole number of chips from 0 to max_chips, in thousandths (a Decimal is left to the screen in Python). */
static int chips_of(PyObject *v, int64_t *out) {
    if (!PyLong_CheckExact(v)) return ASIDE;
    int overflow;
    long long x = PyLong_AsLongLongAndOverflow(v, &overflow);
    if (x == -1 && PyErr_Occurred()) { PyErr_Clear(); return ASIDE; }
    if (overflow || x < 0 || x > max_chips) return ASIDE;
    *out = (int64_t)x * SCALE;
    return 0;
}

static int chips_attr(PyObject *o, PyObject *name, int64_t *out) {
    PyObject *v = get(o, name);
    if (!v) return ASIDE;
    int r = chips_of(v, out);
    Py_DECREF(v);
    return r;
}

static int card_of(PyObject *v, int *out) {
    if (!PyUnicode_CheckExact(v) || PyUnicode_GET_LENGTH(v) != 2 || PyUnicode_KIND(v) != PyUnicode_1BYTE_KIND)
        return ASIDE;
    const Py_UCS1 *text = PyUnicode_1BYTE_DATA(v);
    int code = card_code[text[0]][text[1]];
    if (code == NOT_A_CARD) return ASIDE;
    *out = code;
    return 0;
}

static int card_attr(PyObject *o, int *out) {
    PyObject *v = get(o, s_card);
    if (!v) return ASIDE;
    int r = card_of(v, out);
    Py_DECREF(v);
    return r;
}

/* 1 if the attribute is true, 0 if false (bool() of it), ASIDE if it cannot be read. */
static int truth(PyObject *o, PyObject *name) {
    PyObject *v = get(o, name);
    if (!v) return ASIDE;
    int r = PyObject_IsTrue(v);
    Py_DECREF(v);
    if (r < 0) { PyErr_Clear(); return ASIDE; }
    return r;
}

/* 1 if the attribute is None, 0 if not, ASIDE if it cannot be read. */
static int is_none(PyObject *o, PyObject *name) {
    PyObject *v = get(o, name);
    if (!v) return ASIDE;
    int r = v == Py_None;
    Py_DECREF(v);
    return r;
}

/* Which of ``members`` the attribute is (by identity: an enum member), or ASIDE. */
static int member(PyObject *o, PyObject *name, PyObject *const *members, int n) {
    PyObject *v = get(o, name);
    if (!v) return ASIDE;
    int found = ASIDE;
    for (int i = 0; i < n; i++)
        if (members[i] == v) { found = i; break; }
    Py_DECREF(v);
    return found;
}

/* One event object of a hand log into an Ev, as screen._follow takes it: the plain kinds, nothing private. */
static int event_of(PyObject *o, Ev *ev) {
    PyObject *type = (PyObject *)Py_TYPE(o);
    int k = -1;
    for (int i = 0; i < N_TYPES; i++)
        if (event_types[i] == type) { k = i; break; }
    if (k < 0 || is_none(o, s_ext) != 1) return ASIDE;   /* another kind of event, or a private field */
    ev->type = k;
    ev->present = F_TYPE;
    switch (k) {
    case T_DEAL:
        if (truth(o, s_face_up) != 0 || is_none(o, s_back) != 1 || truth(o, s_boxed) != 0
                || truth(o, s_replacement) != 0)
            return ASIDE;
        ev->face_up = 0;
        TRY(seat_of(o, &ev->seat));
        return card_attr(o, &ev->card);
    case T_BOARD:
        if (truth(o, s_face_up) != 1 || is_none(o, s_back) != 1) return ASIDE;
        ev->face_up = 1;
        return card_attr(o, &ev->card);
    case T_BURN: return card_attr(o, &ev->card);
    case T_ACT: {
        TRY(seat_of(o, &ev->seat));
        TRY(ev->action = member(o, s_action, action_members, n_actions));
        PyObject *to = get(o, s_to);
        if (!to) return ASIDE;
        int r = 0;
        if (to != Py_None) {
            ev->present |= F_TO;
            r = chips_of(to, &ev->value);
        }
        Py_DECREF(to);
        return r;
    }
    case T_POST:
        TRY(seat_of(o, &ev->seat));
        TRY(ev->blind = member(o, s_blind, blind_members, n_blinds));
        return chips_attr(o, s_amount, &ev->value);
    case T_SHOW: {
        TRY(seat_of(o, &ev->seat));
        PyObject *cards = get(o, s_cards);
        if (!cards) return ASIDE;
        int r = 0;
        Py_ssize_t n = PyTuple_CheckExact(cards) ? PyTuple_GET_SIZE(cards) : -1;
        if (n < 0 || n > max_shown) r = ASIDE;
        for (Py_ssize_t i = 0; r == 0 && i < n; i++) {
            int code;
            r = card_of(PyTuple_GET_ITEM(cards, i), &code);
            ev->cards[i] = (signed char)code;
        }
        ev->ncards = (int)n;
        Py_DECREF(cards);
        return r;
    }
    case T_MUCK: return seat_of(o, &ev->seat);
    default: return 0;                    /* the pot awarded, the next hand begun */
    }
}

/* follow_log(game, seats, button, limit, burns_omitted, order_omitted, big_blind, small_bet, big_bet, players,
   events): screen.screen_log's hand followed in C; (heads_up, dead_button, actions), or None to step aside. */
static PyObject *follow_log(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (!configured) {
        PyErr_SetString(PyExc_RuntimeError, "the screen kernel is not configured");
        return NULL;
    }
    if (nargs != 11) {
        PyErr_SetString(PyExc_TypeError, "follow_log takes 11 arguments");
        return NULL;
    }
    long game = PyLong_AsLong(args[0]), seats = PyLong_AsLong(args[1]), button = PyLong_AsLong(args[2]);
    int flags[3];
    for (int i = 0; i < 3; i++) flags[i] = PyObject_IsTrue(args[3 + i]);
    if (PyErr_Occurred()) return NULL;
    PyObject *players = args[9], *events = args[10];
    int64_t amounts[3];
    if (game < 0 || game >= n_games || seats < 2 || seats > max_seats || button < 1 || button > seats
            || flags[0] < 0 || flags[1] < 0 || flags[2] < 0 || !PyTuple_CheckExact(players)
            || !PyTuple_CheckExact(events) || PyTuple_GET_SIZE(events) > MAX_EVENTS
            || PyTuple_GET_SIZE(players) > max_seats)
        Py_RETURN_NONE;
    for (int i = 0; i < 3; i++)
        if (chips_of(args[6 + i], &amounts[i]) < 0) Py_RETURN_NONE;
    unsigned char codes[MAX_EVENTS];
    Hand hand;
    hand.actions = codes;
    start(&hand, (int)game, (int)seats, (int)button, flags[0], flags[1], flags[2], amounts[0], amounts[1], amounts[2]);
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(players); i++) {
        PyObject *p = PyTuple_GET_ITEM(players, i);
        PyObject *status = get(p, s_status);
        int number;
        int64_t stack;
        int ok = status == present_status;
        Py_XDECREF(status);
        if (!ok || seat_of(p, &number) < 0 || chips_attr(p, s_stack, &stack) < 0 || sit(&hand, number, stack) < 0)
            Py_RETURN_NONE;
    }
    if (seated(&hand) < 0) Py_RETURN_NONE;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(events); i++) {
        Ev ev;
        if (event_of(PyTuple_GET_ITEM(events, i), &ev) < 0 || play(&hand, &ev) < 0) Py_RETURN_NONE;
    }
    if (!is_clean_at_end(&hand)) Py_RETURN_NONE;
    return Py_BuildValue("(OOy#)", hand.norder == 2 ? Py_True : Py_False, is_dead_button(&hand) ? Py_True : Py_False,
                         (const char *)codes, (Py_ssize_t)hand.nactions);
}

/* -- configure() ------------------------------------------------------------------------------ */

static int name_of(PyObject *text, Name *out) {
    Py_ssize_t len;
    const char *utf8 = PyUnicode_AsUTF8AndSize(text, &len);
    if (!utf8) return -1;
    if (len >= NAME_MAX_C) {
        PyErr_Format(PyExc_ValueError, "name too long for the screen kernel: %R", text);
        return -1;
    }
    memcpy(out->text, utf8, (size_t)len);
    out->len = len;
    return 0;
}

/* A sequence of (name, flag) pairs into names and flags; its length, or -1 with an error set. */
static int pairs(PyObject *seq, Name *names, int *flags, int room) {
    PyObject *fast = PySequence_Fast(seq, "expected a sequence of (name, value) pairs");
    if (!fast) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n > room) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "too many names for the screen kernel");
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *name, *flag;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(fast, i), "UO", &name, &flag)
                || name_of(name, &names[i]) < 0) {
            Py_DECREF(fast);
            return -1;
        }
        long v = PyLong_AsLong(flag);
        if (v == -1 && PyErr_Occurred()) { Py_DECREF(fast); return -1; }
        if (flags) flags[i] = (int)v;
    }
    Py_DECREF(fast);
    return (int)n;
}

static PyObject *configure(PyObject *module, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"games", "structures", "omissions", "actions", "blinds", "exposers", "deck",
                               "short_deck", "unknown_card", "max_seats", "max_shown", "max_chips",
                               "level_number_max", "event_types", "present", NULL};
    PyObject *game_list, *structure_list, *omission_list, *action_list, *blind_list, *exposer_list, *deck,
        *short_deck, *unknown, *type_list, *present;
    int seats, shown;
    long long chips_max, number_max;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "$OOOOOOOOUiiLLOO", keywords, &game_list, &structure_list,
                                     &omission_list, &action_list, &blind_list, &exposer_list, &deck,
                                     &short_deck, &unknown, &seats, &shown, &chips_max, &number_max, &type_list,
                                     &present))
        return NULL;
    if (!PyTuple_CheckExact(type_list) || PyTuple_GET_SIZE(type_list) != N_TYPES) {
        PyErr_SetString(PyExc_ValueError, "expected a tuple of the nine event classes");
        return NULL;
    }
    if (seats < 2 || seats > MAX_SEATS_C || seats > 30 || shown < 0 || shown > MAX_SHOWN_C || chips_max < 0
            || chips_max > INT64_MAX / SCALE / 4 || number_max < 0) {
        PyErr_SetString(PyExc_ValueError, "limits out of the screen kernel's range");
        return NULL;
    }
    configured = 0;
    /* games: (name, hole cards, short deck, limit by default) */
    PyObject *fast = PySequence_Fast(game_list, "expected a sequence of games");
    if (!fast) return NULL;
    n_games = (int)PySequence_Fast_GET_SIZE(fast);
    if (n_games > 16) { Py_DECREF(fast); PyErr_SetString(PyExc_ValueError, "too many games"); return NULL; }
    for (int i = 0; i < n_games; i++) {
        PyObject *name;
        int hole, is_short, is_limit;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(fast, i), "Uipp", &name, &hole, &is_short, &is_limit)
                || name_of(name, &games[i].name) < 0) { Py_DECREF(fast); return NULL; }
        if (hole < 1 || hole > MAX_HELD) { Py_DECREF(fast); PyErr_SetString(PyExc_ValueError, "hole cards"); return NULL; }
        games[i].hole = hole;
        games[i].is_short = is_short;
        games[i].is_limit = is_limit;
    }
    Py_DECREF(fast);
    if ((n_structures = pairs(structure_list, structures, structure_limit, 8)) < 0
            || (n_omissions = pairs(omission_list, omissions, omission_flag, 8)) < 0
            || (n_blinds = pairs(blind_list, blinds, blind_code, 8)) < 0)
        return NULL;
    /* actions and exposers: names only (an action's code is its place) */
    PyObject *lists[2] = {action_list, exposer_list};
    Name *targets[2] = {actions_cfg, exposers};
    int *counts[2] = {&n_actions, &n_exposers};
    for (int k = 0; k < 2; k++) {
        fast = PySequence_Fast(lists[k], "expected a sequence of names");
        if (!fast) return NULL;
        Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
        if (n > 8) { Py_DECREF(fast); PyErr_SetString(PyExc_ValueError, "too many names"); return NULL; }
        for (Py_ssize_t i = 0; i < n; i++) {
            PyObject *item = PySequence_Fast_GET_ITEM(fast, i);
            if (!PyUnicode_Check(item) || name_of(item, &targets[k][i]) < 0) {
                Py_DECREF(fast);
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "expected names");
                return NULL;
            }
        }
        *counts[k] = (int)n;
        if (k == 0)
            for (Py_ssize_t i = 0; i < n; i++) Py_XSETREF(action_members[i], Py_NewRef(PySequence_Fast_GET_ITEM(fast, i)));
        Py_DECREF(fast);
    }
    if (n_actions != 7) { PyErr_SetString(PyExc_ValueError, "expected the seven actions"); return NULL; }
    /* the cards: the deck's, by place; the short deck's, as a mask; the unknown card */
    memset(card_code, NOT_A_CARD, sizeof card_code);
    PyObject *decks[2] = {deck, short_deck};
    short_mask = 0;
    for (int k = 0; k < 2; k++) {
        fast = PySequence_Fast(decks[k], "expected a sequence of cards");
        if (!fast) return NULL;
        Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
        if (n > 64) { Py_DECREF(fast); PyErr_SetString(PyExc_ValueError, "too many cards"); return NULL; }
        for (Py_ssize_t i = 0; i < n; i++) {
            Name c;
            if (name_of(PySequence_Fast_GET_ITEM(fast, i), &c) < 0) { Py_DECREF(fast); return NULL; }
            if (c.len != 2) { Py_DECREF(fast); PyErr_SetString(PyExc_ValueError, "a card is two letters"); return NULL; }
            unsigned char a = (unsigned char)c.text[0], b = (unsigned char)c.text[1];
            if (k == 0) card_code[a][b] = (signed char)i;
            else if (card_code[a][b] >= 0) short_mask |= (uint64_t)1 << card_code[a][b];
            else { Py_DECREF(fast); PyErr_SetString(PyExc_ValueError, "a short-deck card not in the deck"); return NULL; }
        }
        Py_DECREF(fast);
    }
    Name u;
    if (name_of(unknown, &u) < 0) return NULL;
    if (u.len != 2) { PyErr_SetString(PyExc_ValueError, "the unknown card is two letters"); return NULL; }
    card_code[(unsigned char)u.text[0]][(unsigned char)u.text[1]] = UNKNOWN_CARD;
    /* the blinds' members (the names above were read from them), the event classes, the present status */
    fast = PySequence_Fast(blind_list, "expected a sequence of (name, value) pairs");
    if (!fast) return NULL;
    for (int i = 0; i < n_blinds; i++)
        Py_XSETREF(blind_members[i], Py_NewRef(PyTuple_GET_ITEM(PySequence_Fast_GET_ITEM(fast, i), 0)));
    Py_DECREF(fast);
    for (int i = 0; i < N_TYPES; i++) Py_XSETREF(event_types[i], Py_NewRef(PyTuple_GET_ITEM(type_list, i)));
    Py_XSETREF(present_status, Py_NewRef(present));
    max_seats = seats;
    max_shown = shown;
    max_chips = chips_max;
    level_number_max = number_max;
    configured = 1;
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"scan", scan, METH_O, "The clean hand's facts from a JSONL line (bytes), or None to step aside."},
    {"follow_log", (PyCFunction)(void (*)(void))follow_log, METH_FASTCALL,
     "The clean hand's facts from a hand log already read (its header's values and its players and events), or None."},
    {"configure", (PyCFunction)(void (*)(void))configure, METH_VARARGS | METH_KEYWORDS,
     "Set the vocabularies and limits the kernel reads by (floorman.formats.screen calls it once)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "floorman.formats._screen_kernel",
    "The quick screen's kernel in C: see floorman.formats.screen.", -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__screen_kernel(void) {
    is_space[' '] = is_space['\n'] = is_space['\r'] = is_space['\t'] = 1;
    for (int c = 0x20; c < 0x80; c++) is_plain[c] = c != '"' && c != '\\';
    PyObject **names[] = {&s_seat, &s_card, &s_face_up, &s_back, &s_boxed, &s_replacement, &s_ext, &s_action, &s_to,
                          &s_blind, &s_amount, &s_cards, &s_stack, &s_status};
    const char *texts[] = {"seat", "card", "face_up", "back", "boxed", "replacement", "ext", "action", "to",
                           "blind", "amount", "cards", "stack", "status"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (!(*names[i] = PyUnicode_InternFromString(texts[i]))) return NULL;
    return PyModule_Create(&module_def);
}
