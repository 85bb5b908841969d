<!DOCTYPE html>
<html lang="fr">
<head>
<meta charset="utf-8">
<title>PAPP crosstable</title>
<!-- cell.tpl: written by mipair when none exists. This page is copied as it
     is, except the crosstable keyword below (replaced by the table) and the
     cell defined between the two cell marker lines, repeated for every player
     and round with its keywords replaced (formats/papp.md lists them). -->
<style>
  body { font-family: sans-serif; margin: 1em; }
  table.papp-crosstable { border-collapse: collapse; font-size: 0.9em; }
  table.papp-crosstable th, table.papp-crosstable td {
    border: 1px solid #999; padding: 0.2em 0.4em; text-align: center; }
  table.papp-crosstable td.papp-name { text-align: left; white-space: nowrap; }
  td.papp-cell { min-width: 5em; }
  td.papp-cell .papp-opp { font-weight: bold; }
  td.papp-cell .papp-score { display: block; font-size: 0.85em; }
  td.papp-cell .papp-total { display: block; color: #555; font-size: 0.8em; }
  td.papp-Noir { background: #e6e6e6; }
  td.papp-Blanc { background: #ffffff; }
  td.papp-absent { background: #f6f0d8; }
  td.papp-total-points { font-weight: bold; }
</style>
</head>
<body>
<h1>PAPP crosstable</h1>
$PAPP_CROSSTABLE
<!-- CELL-BEGIN -->
<td class="papp-cell papp-PAPP_COLOR" title="PAPP_COUPON" data-round="PAPP_RONDE" data-table="PAPP_TABLE" data-rank="PAPP_RANG"><span class="papp-opp">PAPP_OPP</span> <span class="papp-name-short">PAPP_OPP_NAME[8]</span><span class="papp-score">PAPP_SCORE (PAPP_SCORE_RELATIF)</span><span class="papp-total">PAPP_PTS / PAPP_TOTAL</span></td>
<!-- CELL-END -->
</body>
</html>
