<!DOCTYPE html>
<html lang="fr">
<head>
<meta charset="utf-8">
<title>PAPP_TOURNAMENT_NAME - PAPP_RONDE</title>
<!-- Written by mipair because no cell.tmpl (or cell.tpl) was found beside the
     event: edit it freely. It is copied as it is, except the line holding the
     crosstable keyword (it becomes the table), the cell defined between the two
     cell marker lines (repeated for every player and round, its keywords
     replaced: formats/papp.md lists them) and, outside the cell, the
     tournament's name and the number of rounds. -->
<style>
  body { font-family: sans-serif; background: #fff; margin: 1em; }
  .caption { text-align: center; font-weight: bold; font-size: 140%; margin-bottom: 0.8em; }
  table#crosstable { border-collapse: collapse; margin: 0 auto; }
  table#crosstable td { border: 1px solid #444; padding: 0.1em 0.3em; }
  td.crosstable_title { font-weight: bold; text-align: center; padding: 0.3em; }
  td.crosstable_name { font-weight: bold; text-align: left; white-space: nowrap; }
  td.crosstable_country { text-align: center; font-size: 90%; }
  td.crosstable_points { text-align: center; font-weight: bold; font-size: 110%; }
  td.crosstable_tiebreak { text-align: center; font-size: 90%; }
  td.crosstable_cell { text-align: center; font-size: 85%; min-width: 4.5em; }
  .papp-colour { color: #900; float: left; }
  .papp-opponent { color: #060; float: right; }
  .papp-total { clear: both; display: block; font-weight: bold; }
  .papp-points { float: left; }
  .papp-score { float: right; color: #600; }
</style>
</head>
<body>
<div class="caption">PAPP_TOURNAMENT_NAME<br>after round PAPP_RONDE</div>
$PAPP_CROSSTABLE
<!-- CELL-BEGIN -->
<span class="papp-colour">PAPP_COLOR</span><span class="papp-opponent" title="PAPP_COUPON">PAPP_OPP</span>
<span class="papp-total">PAPP_TOTAL</span>
<span class="papp-points">PAPP_PTS</span><span class="papp-score">PAPP_SCORE</span>
<!-- CELL-END -->
</body>
</html>
