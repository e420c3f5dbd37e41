/* The audit report's page: the figures up front, from every chart, row and cell to its hands, and from a hand
   to its ruling. Every word comes from the page's data (the catalog's report.* templates); every text is set as
   text, never as markup. */
(function () {
  'use strict';
  var D = JSON.parse(document.getElementById('report-data').textContent);
  var W = D.words, S = D.summary, N = D.names, STR = D.strings, U = D.unknown_key;
  var locale = D.lang === 'vi' ? 'vi-VN' : 'en-US';
  var nf = new Intl.NumberFormat(locale);
  var nf1 = new Intl.NumberFormat(locale, {minimumFractionDigits: 1, maximumFractionDigits: 1});
  var FIELD = {file: 0, hand: 1, dealer: 2, table: 3, hour: 4, level: 5, book: 6, period: 7, verdict: 8, kind: 9,
               time: 10, block: 11, pos: 12};
  var PAGE = 100;
  var charts = [];
  var strId = {};
  STR.forEach(function (s, i) { strId[s] = i; });

  function fmt(template, params) {
    return template.replace(/\{(\w+)\}/g, function (m, k) { return k in params ? params[k] : m; });
  }
  function n(x) { return nf.format(x); }
  function r1(x) { return nf1.format(x); }
  function el(tag, attrs) {
    var node = document.createElement(tag);
    if (attrs) {
      Object.keys(attrs).forEach(function (k) {
        if (k === 'text') node.textContent = attrs[k];
        else if (k === 'cls') node.className = attrs[k];
        else if (k.slice(0, 2) === 'on') node.addEventListener(k.slice(2), attrs[k]);
        else node.setAttribute(k, attrs[k]);
      });
    }
    for (var i = 2; i < arguments.length; i++) {
      var c = arguments[i];
      if (c === null || c === undefined) continue;
      node.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
    }
    return node;
  }
  function keyName(dim, key) {
    if (key === U) return W.unknown;
    if (dim === 'kind') return N.kind[key] || key;
    if (dim === 'verdict') return N.verdict[key] || key;
    if (dim === 'book') return N.book[key] || key;
    if (dim === 'hour') return key + ':00';
    return key;
  }
  function dimWord(dim) { return W['col.' + dim]; }
  function rateText(row) {
    return fmt(W['rate.line'], {rate: r1(row[4]), low: r1(row[5]), high: r1(row[6]), flagged: n(row[2]),
                                hands: n(row[1])});
  }

  /* -- the hands behind a figure --------------------------------------------------------------- */
  var dialog, drillBody, lastFocus;
  function matches(hand, filter) {
    return Object.keys(filter).every(function (dim) {
      var id = strId[filter[dim]];
      if (id === undefined) return false;
      var v = hand[FIELD[dim]];
      return dim === 'kind' ? v.indexOf(id) >= 0 : v === id;
    });
  }
  function filterWords(filter) {
    var parts = Object.keys(filter).map(function (dim) { return dimWord(dim) + ': ' + keyName(dim, filter[dim]); });
    return parts.join(' · ');
  }
  function openDialog() {
    if (!dialog.open) {
      lastFocus = document.activeElement;
      dialog.showModal();
    }
  }
  function closeDialog() { dialog.close(); if (lastFocus && lastFocus.focus) lastFocus.focus(); }

  function showHands(filter) {
    var found = [];
    D.hands.forEach(function (h, i) { if (matches(h, filter)) found.push(i); });
    drillBody.textContent = '';
    var title = el('h2', {id: 'drill-title', tabindex: '-1', text: fmt(W['hands.title'], {what: filterWords(filter)})});
    drillBody.appendChild(title);
    drillBody.appendChild(el('p', {cls: 'count', text: fmt(W['hands.count'], {n: n(found.length)})}));
    if (!found.length) { drillBody.appendChild(el('p', {text: W['hands.none']})); openDialog(); title.focus(); return; }
    var wrap = el('div', {cls: 'scroll'});
    var tbl = el('table', {cls: 'hands'});
    tbl.appendChild(el('thead', null, el('tr', null, el('th', {scope: 'col', text: W['col.hand']}),
      el('th', {scope: 'col', text: W['col.time']}), el('th', {scope: 'col', text: W['col.dealer']}),
      el('th', {scope: 'col', text: W['col.table']}), el('th', {scope: 'col', text: W['col.verdict']}),
      el('th', {scope: 'col', text: W['col.causes']}), el('th', {scope: 'col', text: W['col.file']}))));
    var body = el('tbody');
    tbl.appendChild(body);
    wrap.appendChild(tbl);
    drillBody.appendChild(wrap);
    var shown = 0;
    var more = el('button', {type: 'button', cls: 'more'});
    function page() {
      found.slice(shown, shown + PAGE).forEach(function (i) {
        var h = D.hands[i];
        var open = el('button', {type: 'button', cls: 'link hand-link', 'data-hand': String(i),
                                 onclick: function () { showHand(i, filter); }}, h[FIELD.hand]);
        body.appendChild(el('tr', null, el('td', null, open), el('td', {text: STR[h[FIELD.time]]}),
          el('td', {text: keyName('dealer', STR[h[FIELD.dealer]])}),
          el('td', {text: keyName('table', STR[h[FIELD.table]])}),
          el('td', {text: keyName('verdict', STR[h[FIELD.verdict]])}),
          el('td', {text: h[FIELD.kind].map(function (k) { return keyName('kind', STR[k]); }).join(', ')}),
          el('td', {cls: 'file', text: STR[h[FIELD.file]]})));
      });
      shown = Math.min(shown + PAGE, found.length);
      var left = found.length - shown;
      more.textContent = fmt(W['hands.more'], {n: n(Math.min(left, PAGE))});
      more.hidden = left <= 0;
    }
    more.addEventListener('click', page);
    drillBody.appendChild(more);
    page();
    openDialog();
    title.focus();
  }

  var blocks = {};
  function block(i) {
    if (!blocks[i]) {
      var text = document.getElementById('block-' + i).textContent;
      var bin = atob(text);
      var bytes = new Uint8Array(bin.length);
      for (var k = 0; k < bin.length; k++) bytes[k] = bin.charCodeAt(k);
      var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
      blocks[i] = new Response(stream).text().then(JSON.parse);
    }
    return blocks[i];
  }

  function showHand(i, filter) {
    var h = D.hands[i];
    drillBody.textContent = '';
    var back = el('button', {type: 'button', cls: 'link back', onclick: function () { showHands(filter); }},
                  '← ' + W['hands.close']);
    drillBody.appendChild(back);
    var title = el('h2', {id: 'drill-title', tabindex: '-1',
                          text: fmt(W['hand.title'], {hand: h[FIELD.hand]})});
    drillBody.appendChild(title);
    var meta = el('dl', {cls: 'meta'});
    [['file', STR[h[FIELD.file]]], ['dealer', STR[h[FIELD.dealer]]], ['table', STR[h[FIELD.table]]], ['time', STR[h[FIELD.time]] || U],
     ['level', STR[h[FIELD.level]]], ['book', STR[h[FIELD.book]]]].forEach(function (p) {
      meta.appendChild(el('dt', {text: dimWord(p[0])}));
      meta.appendChild(el('dd', {text: keyName(p[0], p[1])}));
    });
    drillBody.appendChild(meta);
    var holder = el('div', {cls: 'detail', text: W['hand.loading']});
    drillBody.appendChild(holder);
    openDialog();
    title.focus();
    block(h[FIELD.block]).then(function (list) {
      holder.textContent = '';
      renderDetail(holder, list[h[FIELD.pos]]);
      holder.setAttribute('data-ready', 'yes');
    });
  }

  function renderDetail(holder, d) {
    var marked = {};
    d.findings.forEach(function (f) { if (f[0] !== null) (marked[f[0]] = marked[f[0]] || []).push(f); });
    d.rulings.forEach(function (r, idx) {
      var card = el('section', {cls: 'ruling verdict-' + r.verdict, 'aria-labelledby': 'ruling-' + idx});
      card.appendChild(el('h3', {id: 'ruling-' + idx, text: W['hand.ruling'] + ' ' + (idx + 1) + ' — ' +
        (r.at === null ? W['hand.now'] : fmt(W['hand.at'], {at: r.at}))}));
      card.appendChild(el('p', {cls: 'verdict', text: N.verdict_long[r.verdict] || r.verdict}));
      card.appendChild(el('p', {text: fmt(W['hand.sa'], {sa: r.sa ? W['hand.yes'] : W['hand.no']})}));
      card.appendChild(el('p', {cls: r.discretion ? 'flag discretion' : 'flag',
                                text: (r.discretion ? '⚑ ' + W['hand.discretion'] : W['hand.no_discretion'])}));
      if (r.override) {
        card.appendChild(el('p', {cls: 'flag', text: fmt(W['hand.override'],
                                                           {verdict: N.verdict[r.override[0]], reason: r.override[1]})}));
      }
      if (r.remedies.length) {
        card.appendChild(el('h4', {text: W['hand.todo']}));
        var ol = el('ol', {cls: 'remedies'});
        r.remedies.forEach(function (step) { ol.appendChild(el('li', {text: step})); });
        card.appendChild(ol);
      }
      if (r.rules.length) {
        card.appendChild(el('h4', {text: W['hand.rules']}));
        var rt = el('table', {cls: 'rules'});
        rt.appendChild(el('thead', null, el('tr', null, el('th', {scope: 'col', text: W['col.rule']}),
                                                  el('th', {scope: 'col', text: W['col.source']}))));
        var rb = el('tbody');
        r.rules.forEach(function (c) {
          rb.appendChild(el('tr', null, el('td', null, el('code', {text: c[0]})), el('td', {text: c[1]})));
        });
        rt.appendChild(rb);
        card.appendChild(el('div', {cls: 'scroll'}, rt));
      }
      card.appendChild(el('p', {cls: 'explain', text: r.explain}));
      if (r.reasons.length) {
        card.appendChild(el('h4', {text: W['hand.why']}));
        var ul = el('ul');
        r.reasons.forEach(function (t) { ul.appendChild(el('li', {text: t})); });
        card.appendChild(ul);
      }
      holder.appendChild(card);
    });
    holder.appendChild(el('h3', {text: W['hand.findings']}));
    var fl = el('ul', {cls: 'findings'});
    d.findings.forEach(function (f) {
      fl.appendChild(el('li', null, (f[0] === null ? '' : '#' + f[0] + ' ') + keyName('kind', f[1]) +
                        (f[2].length ? ' (' + f[2].join(', ') + ')' : '')));
    });
    holder.appendChild(fl);
    holder.appendChild(el('h3', {text: W['hand.events']}));
    var ev = el('ol', {cls: 'events', start: '0'});
    d.events.forEach(function (line, i) {
      var item = el('li', {value: String(i)}, line);
      if (marked[i]) {
        item.className = 'marked';
        item.appendChild(el('strong', {cls: 'mark', text: ' ◀ ' + W['hand.marked'] + ': ' +
          marked[i].map(function (f) { return keyName('kind', f[1]); }).join(', ')}));
      }
      ev.appendChild(item);
    });
    holder.appendChild(ev);
  }

  /* -- tables ---------------------------------------------------------------------------------- */
  function sortable(tbl, columns, rows, render) {
    var state = {col: -1, dir: 1};
    var heads = columns.map(function (c, i) {
      var b = el('button', {type: 'button', cls: 'sort', title: W['table.sort']}, c.label);
      var th = el('th', {scope: 'col', 'aria-sort': 'none'}, b);
      b.addEventListener('click', function () {
        state.dir = state.col === i ? -state.dir : (c.num ? -1 : 1);
        state.col = i;
        heads.forEach(function (h) { h.setAttribute('aria-sort', 'none'); });
        th.setAttribute('aria-sort', state.dir > 0 ? 'ascending' : 'descending');
        rows.sort(function (a, z) {
          var x = c.get(a), y = c.get(z);
          return (x < y ? -1 : x > y ? 1 : 0) * state.dir;
        });
        render();
      });
      return th;
    });
    tbl.appendChild(el('thead', null, el.apply(null, ['tr', null].concat(heads))));
  }

  function figuresTable(dim, rows, filterOf) {
    rows = rows.slice();
    var flaggedWord = dim === 'kind' ? W['col.with_cause'] : W['col.flagged'];
    var tbl = el('table', {cls: 'figures', 'data-dim': dim});
    var columns = [
      {label: dimWord(dim), get: function (r) { return keyName(dim, r[0]); }},
      {label: W['col.hands'], num: true, get: function (r) { return r[1]; }},
      {label: flaggedWord, num: true, get: function (r) { return r[2]; }},
      {label: W['col.rate'], num: true, get: function (r) { return r[4]; }},
      {label: W['col.interval'], num: true, get: function (r) { return r[6] - r[5]; }},
      {label: W['col.findings'], num: true, get: function (r) { return r[3]; }}
    ];
    var body = el('tbody');
    function render() {
      body.textContent = '';
      rows.forEach(function (r) {
        var filter = filterOf ? filterOf(r) : null;
        var key = filter
          ? el('button', {type: 'button', cls: 'link', title: W['table.open'], 'data-key': r[0],
                          onclick: function () { showHands(filter); }}, keyName(dim, r[0]))
          : keyName(dim, r[0]);
        body.appendChild(el('tr', null, el('th', {scope: 'row'}, key), el('td', {cls: 'num', text: n(r[1])}),
          el('td', {cls: 'num', text: n(r[2])}), el('td', {cls: 'num', text: r[1] ? r1(r[4]) : '–'}),
          el('td', {cls: 'num', text: r[1] ? r1(r[5]) + '–' + r1(r[6]) : '–'}),
          el('td', {cls: 'num', text: n(r[3])})));
      });
    }
    sortable(tbl, columns, rows, render);
    tbl.appendChild(body);
    render();
    return el('div', {cls: 'scroll'}, tbl);
  }

  /* -- charts ---------------------------------------------------------------------------------- */
  var PALETTE = ['#1b5e9f', '#c0392b', '#2e8b57', '#8e44ad', '#d35400', '#16808a', '#7f6a00', '#b03a74',
                 '#4d5d6c', '#5b8c00', '#9c4f2b', '#3b4cc0'];

  function labelWidth() { return Math.min(160, Math.round(window.innerWidth * 0.3)); }

  function chartBox(title, height, minWidth) {
    var box = el('div', {cls: 'chart', style: 'height:' + height + 'px' + (minWidth ? ';min-width:' + minWidth + 'px' : '')});
    var fig = el('figure', {cls: 'chart-figure'}, minWidth ? el('div', {cls: 'scroll'}, box) : box,
                 el('figcaption', {text: title + '. ' + W['chart.alt']}));
    return {figure: fig, box: box, title: title};
  }

  function draw(c, option, onClick) {
    option.aria = {enabled: true, decal: {show: true},
                   label: {enabled: true, description: c.title + '. ' + W['chart.alt']}};
    option.color = PALETTE;
    option.animation = false;
    var chart = echarts.init(c.box, null, {renderer: 'svg'});
    chart.setOption(option);
    if (onClick) {
      chart.on('click', function (p) { var f = onClick(p); if (f) showHands(f); });
      c.box.classList.add('clickable');
    }
    c.box.echarts = chart;
    charts.push(chart);
    return chart;
  }

  function barsChart(title, dim, rows, value, filterOf, opts) {
    opts = opts || {};
    var horizontal = opts.horizontal !== false;
    var height = horizontal ? Math.max(140, 34 * rows.length + 60) : 300;
    var c = chartBox(title, height);
    var labels = rows.map(function (r) { return keyName(dim, r[0]); });
    var values = rows.map(value);
    var cat = {type: 'category', data: labels, inverse: horizontal,
               axisLabel: {width: horizontal ? labelWidth() : undefined, overflow: 'truncate',
                           interval: horizontal ? 0 : 'auto'}};
    var val = {type: 'value', axisLabel: {formatter: function (v) { return n(v); }}};
    c.render = function () {
      draw(c, {
        grid: {left: 8, right: 48, top: 16, bottom: 8, containLabel: true},
        tooltip: {trigger: 'item', formatter: function (p) { return opts.tip ? opts.tip(rows[p.dataIndex]) : p.name; }},
        xAxis: horizontal ? val : cat, yAxis: horizontal ? cat : val,
        series: [{type: 'bar', data: values, labelLayout: {hideOverlap: true},
                  label: {show: true, position: horizontal ? 'right' : 'top', fontSize: 11,
          formatter: function (p) { return opts.label ? opts.label(rows[p.dataIndex]) : n(p.value); }}}]
      }, function (p) { return filterOf(rows[p.dataIndex]); });
    };
    return c;
  }

  function rateTip(dim) {
    return function (r) { return keyName(dim, r[0]) + ': ' + rateText(r); };
  }
  function rateLabel(r) { return r1(r[4]) + ' (' + n(r[1]) + ')'; }

  function dealerCauses() {
    var dealers = S.by_dealer.slice().sort(function (a, b) { return b[3] - a[3]; }).slice(0, 12)
      .filter(function (r) { return r[3] > 0; });
    var kinds = S.by_kind.slice(0, 10).map(function (r) { return r[0]; });
    var title = W['dealers.chart'] + ' ' + fmt(W['chart.top'], {n: n(dealers.length)});
    var c = chartBox(title, Math.max(180, 40 * dealers.length + 110));
    var cells = {};
    S.by_dealer_kind.forEach(function (x) { cells[x[0] + '\u001f' + x[1]] = x[4]; });
    c.render = function () {
      draw(c, {
        grid: {left: 8, right: 24, top: 8, bottom: 44, containLabel: true},
        legend: {bottom: 0, type: 'scroll'},
        tooltip: {trigger: 'item', formatter: function (p) { return p.name + ' — ' + p.seriesName + ': ' + n(p.value); }},
        xAxis: {type: 'value', axisLabel: {formatter: function (v) { return n(v); }}},
        yAxis: {type: 'category', inverse: true, data: dealers.map(function (r) { return keyName('dealer', r[0]); }),
                axisLabel: {width: labelWidth(), overflow: 'truncate'}},
        series: kinds.map(function (k) {
          return {type: 'bar', stack: 'causes', name: keyName('kind', k),
                  data: dealers.map(function (r) { return cells[r[0] + '\u001f' + k] || 0; })};
        })
      }, function (p) { return {dealer: dealers[p.dataIndex][0], kind: kinds[p.seriesIndex]}; });
    };
    c.figure.classList.add('legend-chart');
    return c;
  }

  function heatMap() {
    var tables = S.by_table.slice().sort(function (a, b) { return b[1] - a[1]; }).slice(0, 30)
      .map(function (r) { return r[0]; });
    var hours = S.by_hour.map(function (r) { return r[0]; });
    var ti = {}, hi = {};
    tables.forEach(function (t, i) { ti[t] = i; });
    hours.forEach(function (h, i) { hi[h] = i; });
    var cells = S.by_table_hour.filter(function (x) { return x[0] in ti && x[1] in hi; });
    var peak = cells.reduce(function (m, x) { return Math.max(m, x[5]); }, 0) || 1;
    var c = chartBox(W['heat.chart'], Math.max(220, 30 * tables.length + 110), 90 + 40 * hours.length);
    c.render = function () {
      draw(c, {
        grid: {left: 8, right: 8, top: 8, bottom: 60, containLabel: true},
        tooltip: {formatter: function (p) {
          var x = cells[p.dataIndex];
          return keyName('table', x[0]) + ' · ' + keyName('hour', x[1]) + ': ' +
            fmt(W['rate.line'], {rate: r1(x[5]), low: '', high: '', flagged: n(x[3]), hands: n(x[2])})
              .replace(/\s*\(.*?\)/, '');
        }},
        xAxis: {type: 'category', data: hours.map(function (h) { return h === U ? W.unknown : h; }), splitArea: {show: true}},
        yAxis: {type: 'category', data: tables.map(function (t) { return keyName('table', t); }), inverse: true,
                axisLabel: {width: 120, overflow: 'truncate'}},
        visualMap: {min: 0, max: peak, calculable: false, orient: 'horizontal', left: 'center', bottom: 0,
                    itemHeight: 120, inRange: {color: ['#f4f8fb', '#f0b429', '#b42318']},
                    formatter: function (v) { return r1(v); }},
        series: [{type: 'heatmap', data: cells.map(function (x) { return [hi[x[1]], ti[x[0]], x[5]]; }),
                  label: {show: true, fontSize: 10, formatter: function (p) { return r1(cells[p.dataIndex][5]); }},
                  emphasis: {itemStyle: {borderColor: '#000', borderWidth: 1}}}]
      }, function (p) { var x = cells[p.dataIndex]; return {table: x[0], hour: x[1]}; });
    };
    return c;
  }

  function timeLine() {
    var rows = S.by_period.filter(function (r) { return r[0] !== U; });
    if (!rows.length) return null;
    var c = chartBox(W['time.chart'], 300);
    c.render = function () {
      draw(c, {
        grid: {left: 8, right: 24, top: 16, bottom: 8, containLabel: true},
        tooltip: {trigger: 'item', formatter: function (p) { return rows[p.dataIndex][0] + ': ' + rateText(rows[p.dataIndex]); }},
        xAxis: {type: 'category', data: rows.map(function (r) { return r[0].slice(5); }),
                axisLabel: {hideOverlap: true}},
        yAxis: {type: 'value', axisLabel: {formatter: function (v) { return n(v); }}},
        series: [{type: 'line', data: rows.map(function (r) { return r[4]; }), symbol: 'circle', symbolSize: 9,
                  showAllSymbol: rows.length <= 400, triggerLineEvent: true}]
      }, function (p) { return p.dataIndex === undefined ? null : {period: rows[p.dataIndex][0]}; });
    };
    return c;
  }

  /* -- the page -------------------------------------------------------------------------------- */
  function section(id, title) {
    var s = el('section', {id: id, 'aria-labelledby': id + '-title', cls: 'part'});
    s.appendChild(el('h2', {id: id + '-title', text: title}));
    return s;
  }
  function kpi(label, value, extra) {
    return el('div', {cls: 'kpi'}, el('dt', {text: label}), el('dd', null, el('span', {cls: 'big', text: value}), extra || null));
  }

  function build() {
    var app = document.getElementById('app');
    var pending = [];
    function add(parent, c) { if (c) { parent.appendChild(c.figure); pending.push(c); } }
    var header = el('header', {cls: 'top'}, el('h1', {text: fmt(W.title, {hands: n(S.hands)})}),
      el('p', {cls: 'sub', text: fmt(W.subtitle, {files: n(S.files)})}));
    var nav = el('nav', {'aria-label': W['nav.overview']});
    [['overview', 'nav.overview'], ['dealers', 'nav.dealers'], ['tables', 'nav.tables'], ['time', 'nav.time'],
     ['levels', 'nav.levels'], ['unreadable', 'nav.unreadable']].forEach(function (p) {
      nav.appendChild(el('a', {href: '#' + p[0], text: W[p[1]]}));
    });
    nav.appendChild(el('button', {type: 'button', cls: 'print', onclick: function () { window.print(); }}, W.print));
    header.appendChild(nav);
    app.appendChild(header);
    var main = el('main');
    app.appendChild(main);

    var all = [S.unknown, S.hands, S.flagged, S.findings, S.rate, S.interval[0], S.interval[1]];
    var ov = section('overview', W['overview.title']);
    var kpis = el('dl', {cls: 'kpis'});
    kpis.appendChild(kpi(W['kpi.hands'], n(S.hands)));
    kpis.appendChild(kpi(W['kpi.flagged'], n(S.flagged)));
    kpis.appendChild(kpi(W['kpi.rate'], r1(S.rate), el('span', {cls: 'small', text: rateText(all)})));
    kpis.appendChild(kpi(W['kpi.findings'], n(S.findings)));
    kpis.appendChild(kpi(W['kpi.unreadable'], n(S.unreadable)));
    ov.appendChild(kpis);
    [['chart.by_verdict', 'verdict', S.by_verdict], ['chart.by_kind', 'kind', S.by_kind],
     ['chart.by_book', 'book', S.by_book]].forEach(function (p) {
      var dim = p[1];
      var counted = dim === 'kind' ? function (r) { return r[3]; } : function (r) { return r[1]; };
      var cell = el('div', {cls: 'panel panel-' + dim});
      var c = barsChart(W[p[0]], dim, p[2], counted, function (r) { var f = {}; f[dim] = r[0]; return f; },
                        {tip: rateTip(dim)});
      add(cell, c);
      cell.appendChild(figuresTable(dim, p[2], function (r) { var f = {}; f[dim] = r[0]; return f; }));
      ov.appendChild(el('h3', {text: W[p[0]]}));
      ov.appendChild(cell);
    });
    main.appendChild(ov);

    var dl = section('dealers', W['dealers.title']);
    add(dl, dealerCauses());
    dl.appendChild(figuresTable('dealer', S.by_dealer, function (r) { return {dealer: r[0]}; }));
    main.appendChild(dl);

    var tb = section('tables', W['tables.title']);
    var topTables = S.by_table.slice().sort(function (a, b) { return b[1] - a[1]; }).slice(0, 20);
    add(tb, barsChart(W['tables.chart'], 'table', topTables, function (r) { return r[4]; },
                      function (r) { return {table: r[0]}; }, {tip: rateTip('table'), label: rateLabel}));
    tb.appendChild(figuresTable('table', S.by_table, function (r) { return {table: r[0]}; }));
    tb.appendChild(el('h3', {text: W['heat.title']}));
    tb.appendChild(el('p', {cls: 'note', text: W['heat.note']}));
    add(tb, heatMap());
    main.appendChild(tb);

    var tm = section('time', W['time.title']);
    var line = timeLine();
    if (line) add(tm, line); else tm.appendChild(el('p', {cls: 'note', text: W['time.none']}));
    tm.appendChild(el('h3', {text: W['hours.title']}));
    add(tm, barsChart(W['hours.chart'], 'hour', S.by_hour, function (r) { return r[4]; },
                      function (r) { return {hour: r[0]}; }, {horizontal: false, tip: rateTip('hour'), label: function (r) { return r1(r[4]); }}));
    tm.appendChild(figuresTable('hour', S.by_hour, function (r) { return {hour: r[0]}; }));
    if (line) tm.appendChild(figuresTable('period', S.by_period, function (r) { return {period: r[0]}; }));
    main.appendChild(tm);

    var lv = section('levels', W['levels.title']);
    add(lv, barsChart(W['levels.chart'], 'level', S.by_level, function (r) { return r[4]; },
                      function (r) { return {level: r[0]}; }, {horizontal: false, tip: rateTip('level'), label: rateLabel}));
    lv.appendChild(figuresTable('level', S.by_level, function (r) { return {level: r[0]}; }));
    main.appendChild(lv);

    var un = section('unreadable', W['unreadable.title']);
    if (!D.unreadable.length) un.appendChild(el('p', {text: W['unreadable.none']}));
    else {
      var ut = el('table', {cls: 'unreadable'});
      ut.appendChild(el('thead', null, el('tr', null, el('th', {scope: 'col', text: W['col.file']}),
        el('th', {scope: 'col', text: W['col.hand']}), el('th', {scope: 'col', text: W['col.event']}),
        el('th', {scope: 'col', text: W['col.field']}), el('th', {scope: 'col', text: W['col.error']}))));
      var ub = el('tbody');
      D.unreadable.forEach(function (u) {
        ub.appendChild(el('tr', null, el('td', {cls: 'file', text: u[0]}), el('td', {text: u[1] || '–'}),
          el('td', {text: u[2] === null ? '–' : String(u[2])}), el('td', {text: u[3] || '–'}), el('td', {text: u[4]})));
      });
      ut.appendChild(ub);
      un.appendChild(el('div', {cls: 'scroll'}, ut));
    }
    main.appendChild(un);

    dialog = el('dialog', {id: 'drill', 'aria-labelledby': 'drill-title'});
    var close = el('button', {type: 'button', cls: 'close', 'aria-label': W['hands.close'], onclick: closeDialog}, '✕');
    drillBody = el('div', {cls: 'drill-body'});
    dialog.appendChild(close);
    dialog.appendChild(drillBody);
    document.body.appendChild(dialog);

    pending.forEach(function (c) { c.render(); });
    function resize() { charts.forEach(function (c) { c.resize(); }); }
    function forPrint() {  // an A4 page: the overview's charts beside their tables, the others the page's width
      charts.forEach(function (c) {
        var first = c.getDom().closest('#overview') !== null;
        c.resize(first ? {width: 270, height: Math.min(c.getHeight(), 170)} : {width: 680});
      });
    }
    window.addEventListener('resize', resize);
    window.addEventListener('beforeprint', forPrint);
    window.addEventListener('afterprint', resize);
    window.floormanReport = {showHands: showHands, charts: charts, forPrint: forPrint};
    window.floormanReady = true;
    document.documentElement.setAttribute('data-ready', 'yes');
  }

  build();
})();
