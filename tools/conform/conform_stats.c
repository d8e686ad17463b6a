/*
 * conform_stats.c - are the implementation's dice fair?  (follow mode)
 *
 * Every outcome the implementation reports is one of a pick's n equally
 * likely outcomes; outcomes with the same label are the same result (a
 * green die's three brain faces).  Picks with the same event and the same
 * labels, in the same numbers, are one kind of choice ("roll" of a green
 * die; "draw" from a cup of 6 green, 4 yellow and 3 red): over many games
 * each label of a kind must come up in proportion to its faces.  A
 * chi-square goodness-of-fit test per kind says whether it does; kinds
 * with fewer than 5 expected of some label are not tested (the test needs
 * them), and the smallest p-value is held against the level divided by
 * the number of kinds tested (Bonferroni), so that many fair kinds do not
 * make one look loaded by chance.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conform.h"

enum { KINDS_MAX = 4096, SLOTS = 8192, LABELS_MAX = 32, KEY_MAX = 512 };

typedef struct kind {
    char key[KEY_MAX];
    int n_labels;
    const char *label[LABELS_MAX]; /* into key */
    int weight[LABELS_MAX];        /* outcomes carrying the label */
    int n;                         /* outcomes in all */
    uint64_t seen[LABELS_MAX];
    uint64_t draws;
} kind;

struct cf_tally {
    kind *kinds;
    int n;
    int slot[SLOTS];    /* index + 1 into kinds by the key's hash; 0: empty */
    uint64_t untallied; /* draws of kinds past KINDS_MAX, or with too many labels */
};

cf_tally *cf_tally_new(void)
{
    cf_tally *t = calloc(1, sizeof *t);
    if (t)
        t->kinds = calloc(KINDS_MAX, sizeof *t->kinds);
    if (t && !t->kinds) {
        free(t);
        return NULL;
    }
    return t;
}

void cf_tally_free(cf_tally *t)
{
    if (!t)
        return;
    free(t->kinds);
    free(t);
}

/* The kind's key: "event label*weight label*weight ...", labels in the
 * order of the pick's outcomes. */
static bool kind_of(const ud_pick_req *p, kind *k)
{
    memset(k, 0, sizeof *k);
    size_t at = (size_t)snprintf(k->key, sizeof k->key, "%s", p->event);
    const char *labels[LABELS_MAX];
    for (int i = 0; i < p->n; i++) {
        const char *l = p->label(p->ctx, i);
        int j = 0;
        while (j < k->n_labels && strcmp(labels[j], l) != 0)
            j++;
        if (j == k->n_labels) {
            if (k->n_labels == LABELS_MAX)
                return false;
            labels[k->n_labels++] = l;
        }
        k->weight[j]++;
    }
    k->n = p->n;
    for (int j = 0; j < k->n_labels; j++) {
        int w = snprintf(k->key + at, sizeof k->key - at, " %s*%d", labels[j], k->weight[j]);
        if (w < 0 || (size_t)w >= sizeof k->key - at)
            return false;
        at += (size_t)w;
    }
    /* point the labels into the key, which outlives the pick */
    char *p2 = k->key + strcspn(k->key, " ");
    for (int j = 0; j < k->n_labels; j++) {
        *p2++ = '\0';
        k->label[j] = p2;
        p2 = strchr(p2, '*');
        *p2++ = '\0';
        p2 += strcspn(p2, " ");
    }
    return true;
}

void cf_tally_add(cf_tally *t, const ud_pick_req *p, int chosen)
{
    kind k;
    if (!t || p->n < 2 || !kind_of(p, &k)) {
        if (t)
            t->untallied++;
        return;
    }
    const char *l = p->label(p->ctx, chosen);
    /* the key, as kind_of cut it into words, compares by its bytes */
    uint64_t h = UINT64_C(1469598103934665603);
    for (size_t i = 0; i < sizeof k.key; i++)
        h = (h ^ (unsigned char)k.key[i]) * UINT64_C(1099511628211);
    size_t at = (size_t)(h % SLOTS);
    while (t->slot[at]) {
        kind *q = &t->kinds[t->slot[at] - 1];
        if (q->n == k.n && memcmp(q->key, k.key, sizeof k.key) == 0) {
            for (int j = 0; j < q->n_labels; j++)
                if (strcmp(q->label[j], l) == 0)
                    q->seen[j]++;
            q->draws++;
            return;
        }
        at = (at + 1) % SLOTS;
    }
    if (t->n == KINDS_MAX) {
        t->untallied++;
        return;
    }
    t->slot[at] = t->n + 1;
    kind *q = &t->kinds[t->n++];
    *q = k;
    /* the labels point into k's key: point them into q's */
    for (int j = 0; j < q->n_labels; j++)
        q->label[j] = q->key + (k.label[j] - k.key);
    for (int j = 0; j < q->n_labels; j++)
        if (strcmp(q->label[j], l) == 0)
            q->seen[j]++;
    q->draws++;
}

/* The regularized upper incomplete gamma function Q(a, x): the series
 * below a + 1, the continued fraction (Lentz) above it. */
static double gamma_q(double a, double x)
{
    if (x <= 0)
        return 1.0;
    double lg = lgamma(a);
    if (x < a + 1) {
        double sum = 1.0 / a, term = sum;
        for (int n = 1; n < 1000; n++) {
            term *= x / (a + n);
            sum += term;
            if (fabs(term) < fabs(sum) * 1e-15)
                break;
        }
        return 1.0 - sum * exp(-x + a * log(x) - lg);
    }
    double b = x + 1 - a, c = 1e300, d = 1 / b, h = d;
    for (int i = 1; i < 1000; i++) {
        double an = -i * (i - a);
        b += 2;
        d = an * d + b;
        if (fabs(d) < 1e-300)
            d = 1e-300;
        c = b + an / c;
        if (fabs(c) < 1e-300)
            c = 1e-300;
        d = 1 / d;
        double del = d * c;
        h *= del;
        if (fabs(del - 1) < 1e-15)
            break;
    }
    return exp(-x + a * log(x) - lg) * h;
}

static void kind_text(const kind *k, char *out, size_t size)
{
    size_t at = (size_t)snprintf(out, size, "%s", k->key);
    for (int j = 0; j < k->n_labels && at < size; j++)
        at += (size_t)snprintf(out + at, size - at, "%s%s %d/%d", j ? "," : ":", k->label[j], k->weight[j],
                               k->n);
}

double cf_tally_report(const cf_tally *t, ud_buf *out, char *worst, size_t worst_size, int *tested)
{
    double min_p = 1.0;
    *tested = 0;
    if (worst_size)
        worst[0] = '\0';
    for (int i = 0; t && i < t->n; i++) {
        const kind *k = &t->kinds[i];
        bool enough = k->n_labels >= 2;
        for (int j = 0; j < k->n_labels && enough; j++)
            enough = (double)k->draws * k->weight[j] / k->n >= 5.0;
        if (!enough)
            continue;
        double chi2 = 0;
        for (int j = 0; j < k->n_labels; j++) {
            double e = (double)k->draws * k->weight[j] / k->n;
            chi2 += (k->seen[j] - e) * (k->seen[j] - e) / e;
        }
        double p = gamma_q((k->n_labels - 1) / 2.0, chi2 / 2.0);
        (*tested)++;
        char text[600];
        kind_text(k, text, sizeof text);
        ud_buf_printf(out, "  %-60s %8llu draws  chi2 %8.2f  df %2d  p %.4g\n", text,
                      (unsigned long long)k->draws, chi2, k->n_labels - 1, p);
        if (p < min_p || (worst_size && !worst[0])) {
            min_p = p < min_p ? p : min_p;
            if (p <= min_p)
                snprintf(worst, worst_size, "%s (%llu draws)", text, (unsigned long long)k->draws);
        }
    }
    return min_p;
}
