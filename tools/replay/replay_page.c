/*
 * replay_page.c - the page: the steps as one JSON document (jansson) in a
 * script element, and the script that draws a step from it.  The JSON is
 * written with '/' escaped and every '<' as \u003c, so no string in it (a
 * drawing, a line of the record) can close the script element it sits in,
 * nor open a comment in it ("<!--<script>" in a record's comment line
 * would make the parser run the element on past its end); the script puts text
 * into the page as text (textContent), never as markup, but for the
 * drawings, which are undead's own SVG.
 */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "replay.h"
#include "replay_lines.h"
#include "replay_steps.h"

/* A JSON string of s; bytes that are not UTF-8 (a record's name can hold
 * any) become '?'. */
static json_t *str(const char *s)
{
    json_t *j = json_string(s ? s : "");
    if (j)
        return j;
    char *copy = strdup(s);
    if (!copy)
        return json_string("");
    for (unsigned char *p = (unsigned char *)copy; *p; p++)
        if (*p >= 0x80)
            *p = '?';
    j = json_string(copy);
    free(copy);
    return j ? j : json_string("");
}

/* The record's lines, as read. */
static json_t *lines_of(const replay *r)
{
    json_t *a = json_array();
    for (size_t pos = 0; pos < r->len;) {
        const char *nl = memchr(r->text + pos, '\n', r->len - pos);
        size_t end = nl ? (size_t)(nl - r->text) : r->len, n = end - pos;
        if (n && r->text[pos + n - 1] == '\r')
            n--;
        char *line = strndup(r->text + pos, n);
        json_array_append_new(a, str(line));
        free(line);
        pos = end + 1;
    }
    return a;
}

/* The steps, every rule that fired in one (by ID) into rules, their
 * drawings as runs of the lines in dict. */
static json_t *steps_of(const replay *r, json_t *rules, replay_lines *dict)
{
    const ud_game *g = r->t->game;
    json_t *a = json_array();
    for (int i = 0; i < r->n; i++) {
        const replay_step *s = &r->steps[i];
        json_t *rows = json_array();
        for (int k = 0; k < s->n_rows; k++) {
            const ud_rule *rule = &g->rules[s->rows[k].rule];
            json_array_append_new(rows, json_pack("[s,I]", rule->id, (json_int_t)s->rows[k].times));
            if (!json_object_get(rules, rule->id))
                json_object_set_new(rules, rule->id,
                                    json_pack("{s:o,s:o,s:o}", "summary", str(rule->summary), "source",
                                              str(rule->source), "section", str(rule->section)));
        }
        json_array_append_new(a,
                              json_pack("{s:i,s:i,s:o,s:o,s:o,s:b}", "first", s->first_line, "line", s->line,
                                        "svg", s->svg ? replay_lines_runs(dict, s->svg) : json_null(),
                                        "state", str(s->state), "rows", rows, "over", s->over));
    }
    return a;
}

static json_t *departure_of(const replay *r)
{
    if (!r->departs)
        return json_null();
    return json_pack("{s:i,s:i,s:o,s:o,s:o,s:o}", "step", r->depart_step, "line", r->err.line, "rule",
                     str(r->err.rule), "message", str(r->err.msg), "evidence", str(ud_buf_str(&r->evidence)),
                     "rule_text", str(ud_buf_str(&r->rule_text)));
}

static const char style[] =
    "body{font-family:system-ui,sans-serif;margin:0;color:#222;background:#fafafa}"
    "header{padding:0.6em 1em;background:#333;color:#fff}header h1{font-size:1.1em;margin:0}"
    "header p{margin:0.2em 0 0;font-size:0.85em;color:#ddd}"
    "#controls{display:flex;gap:0.4em;align-items:center;padding:0.5em 1em;background:#eee;"
    "position:sticky;top:0}#controls input[type=range]{flex:1}#where{font-size:0.9em;min-width:16em}"
    "main{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);gap:1em;padding:1em}"
    "#pic svg{max-width:100%;height:auto}#pic pre,#state{white-space:pre-wrap;font-size:0.85em}"
    "#lines{font-family:monospace;font-size:0.8em;max-height:22em;overflow:auto;background:#fff;"
    "border:1px solid #ccc;margin:0;padding-left:4em;position:relative}#lines li{white-space:pre}"
    "#lines li.now{background:#fff3b0}#lines li.bad{background:#f8c9c4;font-weight:bold}"
    ".row{margin:0.3em 0;font-size:0.85em}.row b{font-family:monospace}.row .src{color:#666}"
    "#departure{margin:0.5em 1em;padding:0.6em 1em;border:2px solid #b03a2e;background:#fdecea}"
    "#departure pre{white-space:pre-wrap;margin:0.3em 0 0}h2{font-size:1em;margin:0.8em 0 0.3em}";

static const char script[] =
    "(function(){\n"
    "const D=JSON.parse(document.getElementById('replay-data').textContent);\n"
    "const $=id=>document.getElementById(id);\n"
    "const lines=$('lines'),slider=$('slider');\n"
    "D.lines.forEach((t,k)=>{const li=document.createElement('li');li.id='L'+(k+1);"
    "li.textContent=t||' ';lines.appendChild(li);});\n"
    "slider.max=D.steps.length-1;\n"
    "const dep=D.departure;\n"
    "if(dep){const li=$('L'+dep.line);if(li)li.classList.add('bad');\n"
    "  $('dep-what').textContent='Line '+dep.line+' breaks '+(dep.rule||'a rule')+': '+dep.message;\n"
    "  $('dep-evidence').textContent=dep.evidence?'Evidence: '+dep.evidence:'';\n"
    "  $('dep-rule').textContent=dep.rule_text;$('departure').hidden=false;}\n"
    "let cur=0;\n"
    "function show(k){\n"
    "  cur=Math.max(0,Math.min(D.steps.length-1,k));slider.value=cur;\n"
    "  const s=D.steps[cur],pic=$('pic');\n"
    "  if(s.svg){const h=[];for(let i=0;i<s.svg.length;i+=2)for(let k=0;k<s.svg[i+1];k++)"
    "h.push(D.svgl[s.svg[i]+k]);pic.innerHTML=h.join('\\n');}else{pic.textContent='';const p=document.createElement('pre');"
    "p.textContent=s.state;pic.appendChild(p);}\n"
    "  let where='Step '+cur+' of '+(D.steps.length-1)+' \\u00b7 '+(s.line?'lines '+s.first+'\\u2013'+s.line:"
    "'the set-up');\n"
    "  if(s.over)where+=' \\u00b7 the game is over';\n"
    "  if(dep&&cur===dep.step)where+=' \\u00b7 the last position before line '+dep.line;\n"
    "  $('where').textContent=where;\n"
    "  for(const li of lines.querySelectorAll('.now'))li.classList.remove('now');\n"
    "  for(let n=s.first;n<=s.line;n++){const li=$('L'+n);if(li)li.classList.add('now');}\n"
    "  const mark=(dep&&cur===dep.step)?$('L'+dep.line):$('L'+s.line);\n"
    "  if(mark)lines.scrollTop=Math.max(0,mark.offsetTop-lines.clientHeight/2);\n"
    "  const rows=$('rows');rows.textContent='';\n"
    "  if(!s.rows.length)rows.textContent='(none)';\n"
    "  for(const [id,n] of s.rows){const r=D.rules[id],d=document.createElement('div');d.className='row';\n"
    "    const b=document.createElement('b');b.textContent=id+(n>1?' \\u00d7'+n:'');d.appendChild(b);\n"
    "    d.appendChild(document.createTextNode(' '+r.summary+' '));\n"
    "    const src=document.createElement('span');src.className='src';src.textContent='('+r.source+', '+"
    "r.section+')';d.appendChild(src);rows.appendChild(d);}\n"
    "  $('state').textContent='= '+s.state;\n"
    "}\n"
    "$('first').onclick=()=>show(0);$('prev').onclick=()=>show(cur-1);\n"
    "$('next').onclick=()=>show(cur+1);$('last').onclick=()=>show(D.steps.length-1);\n"
    "$('to-dep').onclick=()=>show(dep?dep.step:cur);\n"
    "slider.oninput=()=>show(+slider.value);\n"
    "document.addEventListener('keydown',e=>{if(e.target===slider)return;\n"
    "  const k={ArrowLeft:cur-1,ArrowRight:cur+1,Home:0,End:D.steps.length-1}[e.key];\n"
    "  if(k!==undefined){e.preventDefault();show(k);}});\n"
    "show(D.start);\n"
    /* #selftest (the tests' browser run): every step drawn, the keys
     * tried, and what went wrong written into the page for --dump-dom */
    "if(location.hash==='#selftest'){const bad=[];const start=cur;\n"
    "  for(let k=0;k<D.steps.length;k++){try{show(k);if(!$('pic').firstChild)bad.push('step '+k+' drew nothing');}"
    "catch(e){bad.push('step '+k+': '+e);}}\n"
    "  const key=k=>document.dispatchEvent(new KeyboardEvent('keydown',{key:k}));\n"
    "  show(0);key('ArrowRight');if(D.steps.length>1&&cur!==1)bad.push('ArrowRight: step '+cur);\n"
    "  key('End');if(cur!==D.steps.length-1)bad.push('End: step '+cur);\n"
    "  key('ArrowLeft');if(D.steps.length>1&&cur!==D.steps.length-2)bad.push('ArrowLeft: step '+cur);\n"
    "  key('Home');if(cur!==0)bad.push('Home: step '+cur);\n"
    "  const r=document.createElement('pre');r.id='selftest';"
    "r.textContent='selftest '+(bad.length?'FAILED: '+bad.join('; '):'ok: '+D.steps.length+' steps, opened at '+start);"
    "document.body.appendChild(r);}\n"
    "})();\n";

/* text, escaped for HTML. */
static void html_text(ud_buf *out, const char *s)
{
    for (; *s; s++)
        switch (*s) {
        case '<':
            ud_buf_puts(out, "&lt;");
            break;
        case '>':
            ud_buf_puts(out, "&gt;");
            break;
        case '&':
            ud_buf_puts(out, "&amp;");
            break;
        case '"':
            ud_buf_puts(out, "&quot;");
            break;
        default:
            ud_buf_putc(out, *s);
        }
}

static void page_head(const replay *r, const char *shown, ud_buf *out)
{
    ud_buf_puts(out, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>");
    html_text(out, shown);
    ud_buf_puts(out, " \xe2\x80\x94 undead replay</title>\n<style>");
    ud_buf_puts(out, style);
    ud_buf_puts(out, "</style></head><body>\n<header><h1>");
    html_text(out, r->t->game->title);
    ud_buf_puts(out, ": ");
    html_text(out, shown);
    ud_buf_puts(out, "</h1><p>");
    html_text(out, r->canonical
                       ? "The record gives a seed and the players' policies: the steps are the rules' "
                         "play of it (undead check --print writes it out)."
                       : "Each step is the position the rules reach reading the record to that line.");
    ud_buf_puts(out, " Arrow keys, the buttons or the slider step through it.</p></header>\n");
    ud_buf_puts(out, "<div id=\"departure\" hidden><strong id=\"dep-what\"></strong> "
                     "<button id=\"to-dep\">show</button><div id=\"dep-evidence\"></div>"
                     "<pre id=\"dep-rule\"></pre></div>\n");
    ud_buf_puts(out, "<div id=\"controls\"><button id=\"first\" title=\"Home\">\xc2\xab first</button>"
                     "<button id=\"prev\" title=\"left arrow\">\xe2\x80\xb9 back</button>"
                     "<button id=\"next\" title=\"right arrow\">next \xe2\x80\xba</button>"
                     "<button id=\"last\" title=\"End\">last \xc2\xbb</button>"
                     "<input type=\"range\" id=\"slider\" min=\"0\" value=\"0\" aria-label=\"step\">"
                     "<span id=\"where\"></span></div>\n");
    ud_buf_puts(out, "<main><div id=\"pic\"></div><div><h2>The record</h2><ol id=\"lines\"></ol>"
                     "<h2>Rules that fired in this step</h2><div id=\"rows\"></div>"
                     "<h2>State</h2><pre id=\"state\"></pre></div></main>\n");
}

replay_status replay_html(const ud_transcript *t, const char *text, size_t len, const char *shown,
                          ud_buf *out, ud_buf *err)
{
    replay r;
    if (!replay_steps(t, text, len, shown, &r, err)) {
        replay_free(&r);
        return REPLAY_REFUSED;
    }
    json_t *rules = json_object();
    replay_lines *dict = replay_lines_new();
    json_t *steps = dict ? steps_of(&r, rules, dict) : NULL;
    json_t *data = json_pack("{s:o,s:o,s:o,s:o,s:o,s:i}", "lines", lines_of(&r), "steps", steps, "svgl",
                             dict ? replay_lines_json(dict) : NULL, "rules", rules, "departure",
                             departure_of(&r), "start", r.departs ? r.depart_step : 0);
    replay_lines_free(dict);
    char *json = data ? json_dumps(data, JSON_COMPACT | JSON_ESCAPE_SLASH) : NULL;
    json_decref(data);
    if (!json) {
        ud_buf_puts(err, "out of memory");
        replay_free(&r);
        return REPLAY_REFUSED;
    }
    page_head(&r, shown, out);
    ud_buf_puts(out, "<script id=\"replay-data\" type=\"application/json\">");
    for (const char *c = json; *c; c++) /* '<' only ever in a string: the same string to JSON.parse */
        if (*c == '<')
            ud_buf_puts(out, "\\u003c");
        else
            ud_buf_putc(out, *c);
    ud_buf_puts(out, "</script>\n<script>\n");
    ud_buf_puts(out, script);
    ud_buf_puts(out, "</script>\n</body></html>\n");
    free(json);
    replay_status st = r.departs ? REPLAY_DEPARTS : REPLAY_LEGAL;
    replay_free(&r);
    return st;
}
