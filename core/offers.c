/*
 * offers.c - two sides' decisions at one position, compared as sets
 * (see offers.h).
 */
#include "offers.h"

#include <string.h>

/* The first word of a and of b are the same: decisions of one kind. */
static bool same_kind(const char *a, const char *b)
{
    size_t n = strcspn(a, " ");
    return n == strcspn(b, " ") && strncmp(a, b, n) == 0;
}

static const ud_rule *row_in_question(const char *const *ours, const ud_rule *const *by, int n_ours,
                                      const char *const *theirs, int n_theirs, const bool *ours_seen,
                                      const bool *theirs_seen)
{
    int first_theirs = -1;
    for (int j = 0; j < n_theirs && first_theirs < 0; j++)
        if (!theirs_seen[j])
            first_theirs = j;
    for (int i = 0; first_theirs >= 0 && i < n_ours; i++)
        if (by[i] && same_kind(ours[i], theirs[first_theirs]))
            return by[i];
    for (int i = 0; i < n_ours; i++)
        if (by[i] && !ours_seen[i])
            return by[i];
    for (int i = 0; i < n_ours; i++)
        if (by[i])
            return by[i];
    return NULL;
}

bool ud_offers_differ(const char *const *ours, const ud_rule *const *by, int n_ours,
                      const char *const *theirs, int n_theirs, bool *ours_seen, bool *theirs_seen,
                      const ud_rule **row)
{
    bool differ = false;
    for (int i = 0; i < n_ours; i++)
        ours_seen[i] = false;
    for (int j = 0; j < n_theirs; j++) {
        theirs_seen[j] = false;
        for (int i = 0; i < n_ours && !theirs_seen[j]; i++)
            if (strcmp(ours[i], theirs[j]) == 0)
                theirs_seen[j] = ours_seen[i] = true;
        differ |= !theirs_seen[j];
    }
    for (int i = 0; i < n_ours; i++)
        differ |= !ours_seen[i];
    *row = differ ? row_in_question(ours, by, n_ours, theirs, n_theirs, ours_seen, theirs_seen) : NULL;
    return differ;
}
