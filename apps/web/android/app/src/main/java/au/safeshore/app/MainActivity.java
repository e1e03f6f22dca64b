package au.safeshore.app;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
