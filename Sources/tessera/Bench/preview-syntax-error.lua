-- A save `tessera bench preview` makes to show the error panel: the layout function is never
-- closed, so the script does not parse.
return {
  simpleLayout = function(ctx)
