"""Tournament results as tables (polars): import, FIDE tie-breaks, standings.

* :mod:`schema` the tables and their columns (tournaments, players, games,
  standings, errors);
* :mod:`trf_rows`, :mod:`papp_rows` one file's rows, from the TRF reader's
  model or a PAPP event;
* :mod:`importer` many files on all cores, bad files into the errors table;
* :mod:`rebuild` the games table back into the model's result cells;
* :mod:`tiebreak_spec` and the ``tb_*`` modules the FIDE tie-breaks (C.07) as
  polars expressions over the games table;
* :mod:`standings` the ranking by points and a tie-break list;
* :mod:`output` Parquet and CSV files, written atomically.
"""
